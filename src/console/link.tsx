import { Link } from 'react-router-dom';
import type { RenderLink } from '../ui';

/** Console links are router links under /merchant (the router's basename). */
export const consoleLink: RenderLink = ({ href, children, ...rest }) => (
  <Link to={href.replace(/^\/merchant/, '') || '/'} {...rest}>
    {children}
  </Link>
);
