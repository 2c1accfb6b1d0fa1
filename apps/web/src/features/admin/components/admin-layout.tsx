import { Outlet } from 'react-router';
import { AdminNav } from './admin-nav';

/** Every /admin page: the admin navigation, then the page. */
export function AdminLayout() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}
