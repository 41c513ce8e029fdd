import { Outlet } from 'react-router';

/** The admin area's own layout (no customer wrapper). */
export default function AdminLayout() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}
