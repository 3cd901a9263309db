// The unstyled build: the stock one injects an inline <style>, which the gateway's CSP (style-src 'self') blocks;
// its stylesheet is bundled instead (src/styles.css).
import { ToastContainer, type ToastContainerProps } from 'react-toastify/unstyled';

/** The app's one toast container: top-right, 5000 ms, light theme (SPEC §9); override per call. */
export function AppToastContainer(props: ToastContainerProps) {
  return <ToastContainer position="top-right" autoClose={5000} theme="light" newestOnTop closeOnClick={false} {...props} />;
}

// toast() loads react-toastify on first use (./toast), so no page's first paint waits for it.
export { toast } from './toast';
