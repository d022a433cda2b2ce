/** Rule checks that need the server (slug_valid, feed_valid), the external content preview and the rules editor's preview. */
import { defineDomain } from '../domain';
import { ruleCheckRoutes } from './routes';

export default defineDomain({ name: 'rule-checks', routes: ruleCheckRoutes });
