// Until its screen lands, the area says what it will hold and what it arrives with.
import { arrivesWith } from '../../frame/AreaNotice';

export default arrivesWith('lists');
