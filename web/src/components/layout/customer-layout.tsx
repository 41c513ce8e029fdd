import { Outlet } from 'react-router';
import { ScrollToTop } from './scroll-to-top';

/** The customer layout wrapper: top bar, page, footer. */
export function CustomerLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
