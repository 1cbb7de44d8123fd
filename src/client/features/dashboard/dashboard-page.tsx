// Placeholder created by the client shell so the router compiles; the page owner replaces it.
export function DashboardPage() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
    </div>
  );
}
