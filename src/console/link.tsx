import { Link } from 'react-router-dom';
import { CONSOLE_BASE } from '#contract/console-routes';
import type { RenderLink } from '../ui';

/** Console links are router links under /merchant (the router's basename). */
export const consoleLink: RenderLink = ({ href, children, ...rest }) => (
  <Link to={(href.startsWith(CONSOLE_BASE) ? href.slice(CONSOLE_BASE.length) : href) || '/'} {...rest}>
    {children}
  </Link>
);
