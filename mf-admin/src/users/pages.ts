import { placeholderPages } from '../shared-session';

/** Users: list, create, edit. */
export const usersPages = placeholderPages('admin.users', 'admin.users.create', 'admin.user.edit');
