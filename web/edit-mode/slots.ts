/** The header element (rendered in edit mode) the admin's navigation editor is portalled into. */
export const HEADER_ADMIN_SLOT_ID = 'ts-header-admin-slot';
