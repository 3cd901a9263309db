// The unstyled build: the stock one injects an inline <style>, which the gateway's CSP (style-src 'self') blocks;
// its stylesheet is bundled instead (src/styles.css).
import { ToastContainer, type ToastContainerProps } from 'react-toastify/unstyled';

/** The app's one toast container: top-right, 5000 ms, light theme (SPEC §9); override per call. */
export function AppToastContainer(props: ToastContainerProps) {
  return <ToastContainer position="top-right" autoClose={5000} theme="light" newestOnTop closeOnClick={false} {...props} />;
}

export { toast } from 'react-toastify/unstyled';
