/** The contact messages tab's ?tab= value (last of the dashboard's tabs). */
export const MESSAGES_TAB = 'mensagens';
