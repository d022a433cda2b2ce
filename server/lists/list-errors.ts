/** The lists domain's refusals (community §8), in English with stable codes the admin and member screens translate. */
import { refusedMoveMessage, type MembershipFrom } from '../../engine/core/membership-moves';
import { HttpError } from '../errors';

/** §5: a dynamic or system list's members are set by its rule or the platform, never by hand. */
export const protectedList = () => new HttpError(400, 'badRequest', 'Users cannot be added to protected lists.', 'protectedList');
export const listFull = () => new HttpError(409, 'conflict', 'This list is full.', 'listFull');
export const refusedMove = (from: MembershipFrom, to: string) => new HttpError(409, 'conflict', refusedMoveMessage(from, to), 'moveRefused');
