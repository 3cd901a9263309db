import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../../app/router';
import { useCheckout } from '../../app/checkout';
import { useGoBack } from '../../app/go-back';
import { readLocationStep, type LocatedState } from '../../app/location-step';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { SetLocationScreen, type LocateStatus } from './set-location-screen';

/** /set-location: the device's position (or coordinates typed in) for the address form that follows. */
export default function SetLocationPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const { returnTo, editingId } = readLocationStep(state);
  const { checkout, update } = useCheckout();
  const [status, setStatus] = useState<LocateStatus>('idle');
  const back = useGoBack(returnTo === paths.profileAddAddress ? paths.profileAddAddress : paths.delivery);
  // An answer that arrives after leaving the page changes nothing.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (!mounted.current) return;
        setStatus('idle');
        update({ location: { lat: pos.coords.latitude, lng: pos.coords.longitude } });
      },
      (err) => {
        if (mounted.current) setStatus(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <SetLocationScreen
      value={checkout.location}
      status={status}
      onUseCurrentLocation={locate}
      onContinue={(point) => {
        update({ location: point });
        void navigate(returnTo, { replace: true, state: { located: true, editingId } satisfies LocatedState });
      }}
      onBack={back}
      nav={<AppNav />}
    />
  );
}
