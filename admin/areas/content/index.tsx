/** The area `content`: the asset library (community 7 Files). */
import { useAdminFrame } from '../../frame/frame-context';
import AssetManager from './AssetManager';

export default function ContentArea() {
  const { services } = useAdminFrame();
  return <AssetManager files={services.files} imageUrl={services.imageUrl} />;
}
