import { toast } from '../../components/ui/toast.js';
import { useGeolocation } from '../../lib/geolocation.js';
import { rememberDevicePosition, type DevicePosition } from './device-position.js';

/**
 * 'Use my location' for home and Browse: asks the browser, keeps the position for this tab and
 * hands it on; a refusal or a failure is a toast (PRODUCT §8, with PRODUCT's texts).
 */
export function useLocateHere(onLocated: (position: DevicePosition) => void) {
  const geolocation = useGeolocation();
  const locate = async (): Promise<boolean> => {
    const result = await geolocation.locate();
    if (!result.ok) {
      toast({ title: 'Location Error', description: result.message, variant: 'destructive' });
      return false;
    }
    onLocated(rememberDevicePosition(result.position));
    return true;
  };
  return { locate, locating: geolocation.state.status === 'loading' };
}
