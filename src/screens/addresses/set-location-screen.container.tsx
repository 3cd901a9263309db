import { useEffect, useRef, useState } from 'react';
import type { MapPlace } from '#contract/map';
import { useDeliveryCheck, useLocations } from '../../api/locations';
import { searchPlaces } from '../../api/map';
import { useAppConfig } from '../../api/settings';
import { messageOf } from '../../shared/errors';
import { fillFromPlace } from './address-fill';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCheckout } from '../../app/checkout';
import { useGoBack } from '../../app/go-back';
import { readLocationStep, type LocatedState } from '../../app/location-step';
import { AppNav } from '../../app/nav';
import { paths } from '#contract/routes';
import { SetLocationScreen, type LocateStatus, type MapSearchState } from './set-location-screen';

/** /set-location: the device's position (or coordinates typed in) for the address form that follows. */
export default function SetLocationPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const { returnTo, editingId } = readLocationStep(state);
  const { checkout, update } = useCheckout();
  const [status, setStatus] = useState<LocateStatus>('idle');
  const { data: appConfig } = useAppConfig();
  const { data: shop } = useLocations();
  const [search, setSearch] = useState<MapSearchState>({ status: 'idle' });
  // the point on the page, checked against the delivery areas as it changes (checkout decides again)
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const { data: area } = useDeliveryCheck(point);
  const searching = useRef<AbortController | null>(null);
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

  const runSearch = async (query: string) => {
    searching.current?.abort();
    const ctl = new AbortController();
    searching.current = ctl;
    setSearch({ status: 'loading', query });
    try {
      const results = await searchPlaces(query, ctl.signal);
      if (mounted.current && !ctl.signal.aborted) setSearch({ status: 'done', query, results });
    } catch (err) {
      if (mounted.current && !ctl.signal.aborted) setSearch({ status: 'error', query, message: messageOf(err) });
    }
  };

  // the shop's own place, where a map without a pin looks first
  const home = shop?.locations.find((l) => l.lat !== null && l.lng !== null);

  return (
    <SetLocationScreen
      map={appConfig?.map ?? null}
      mapCenter={home ? { lat: home.lat!, lng: home.lng! } : undefined}
      search={search}
      onPointChange={setPoint}
      outsideArea={point && area ? !area.delivers : null}
      onSearch={(q) => void runSearch(q)}
      onPickPlace={(place: MapPlace) => {
        const { draft, filled } = fillFromPlace(checkout.addressDraft, checkout.addressFilled, place);
        update({ addressDraft: draft, addressFilled: filled, location: { lat: place.lat, lng: place.lng } });
      }}
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
