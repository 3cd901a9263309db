import { useNavigate } from '../../app/router';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { NotFoundScreen } from './not-found-screen';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return <NotFoundScreen onGoHome={() => void navigate(paths.home)} nav={<AppNav />} />;
}
