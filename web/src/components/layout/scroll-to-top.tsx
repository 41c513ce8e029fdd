import { useEffect } from 'react';
import { useLocation } from '@/lib/router';

/** After each route change the page scrolls smoothly to the top after about 50 ms. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const t = setTimeout(() => window.scrollTo({ top: 0, behavior: 'smooth' }), 50);
    return () => clearTimeout(t);
  }, [pathname]);
  return null;
}
