/** A five-star row; the rating is also given as text for screen readers. */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' | 'lg' }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span className={`stars stars-${size}`} role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} aria-hidden="true" className={star <= rounded ? 'star full' : star - 0.5 === rounded ? 'star half' : 'star'}>
          ★
        </span>
      ))}
    </span>
  );
}
