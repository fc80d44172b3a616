/** The business's own description, when its about is text (not amenities). */
export function AboutCard({ text }: { text: string }) {
  return (
    <section className="card" aria-labelledby="about-heading">
      <h2 id="about-heading">About</h2>
      <p className="about-text" dir="auto">
        {text}
      </p>
    </section>
  );
}
