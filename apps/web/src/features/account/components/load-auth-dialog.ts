/**
 * The login modal's code, one promise for whoever asks: the account host's lazy dialog renders it, and the header's
 * account button asks for it on the guest's intent (pointer, focus) and holds a tap until it is there.
 */
export const loadAuthDialog = () => import('./auth-dialog.tsx');
