/**
 * Entry of the admin panel (admin-side spec). Loaded with React.lazy from app.tsx, so it is its own
 * chunk and the public pages never download it. The admin issue replaces this placeholder.
 */
export default function AdminApp() {
  return (
    <main className="container section">
      <h1>Admin</h1>
      <p>The administration panel is loading.</p>
    </main>
  );
}
