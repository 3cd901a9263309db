// Scaffolding: replaced by the real container (hooks, params, navigation → screen props).
import { LoadingScreen } from '../../ui';

export default function Page() {
  return <LoadingScreen />;
}
