import { useStaffMe } from '../../api/staff';
import { consoleLink } from '../../console/link';
import { ConsoleHomeScreen } from './console-home-screen';

/** /merchant: the overview. */
export default function ConsoleHomeContainer() {
  const me = useStaffMe();
  if (!me.data) return null;
  return <ConsoleHomeScreen name={me.data.staff.name} role={me.data.staff.role} renderLink={consoleLink} />;
}
