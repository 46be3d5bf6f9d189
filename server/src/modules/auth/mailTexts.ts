import { PRODUCT_NAME } from '@hive/shared/config';
import type { MailLanguage, MailTexts } from '../../platform/outbox';

/*
 * The account e-mails, each in one place in both languages, written in the recipient's (the
 * user's stored language: the one chosen at sign-up or with the language switch). Links arrive
 * absolute (emailTokens.ts builds them from PUBLIC_URL).
 */

const P = PRODUCT_NAME;

export const RESET_MAIL: MailTexts<{ email: string; link: string; minutes: number }> = {
  en: ({ email, link, minutes }) => ({
    subject: `Reset your ${P} password`,
    body: [
      `Someone asked to reset the password of the ${P} account for ${email}.`,
      '',
      `Open this link within ${minutes} minutes to choose a new password:`,
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays the same.',
    ].join('\n'),
  }),
  es: ({ email, link, minutes }) => ({
    subject: `Restablece tu contraseña de ${P}`,
    body: [
      `Alguien ha pedido restablecer la contraseña de la cuenta de ${P} de ${email}.`,
      '',
      `Abre este enlace en los próximos ${minutes} minutos para elegir una contraseña nueva:`,
      link,
      '',
      'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
    ].join('\n'),
  }),
};

/*
 * Sign-up creates the company and its owner at once (pending: nobody can sign in), so that the
 * link only has to switch the account on. The text says so; it once claimed that nothing was
 * created until the link was opened.
 */
export const ACTIVATION_MAIL: MailTexts<{ email: string; company: string; link: string; hours: number }> = {
  en: ({ email, company, link, hours }) => ({
    subject: `Activate your ${P} account`,
    body: [
      `Welcome to ${P}. The account for ${email} and the company ${company} are set up, but no one can sign in until this address is confirmed.`,
      '',
      `Open this link within ${hours} hours to confirm it and activate the account:`,
      link,
      '',
      'If you did not sign up, ignore this message: the account stays inactive, and a new sign-up with this address replaces it.',
    ].join('\n'),
  }),
  es: ({ email, company, link, hours }) => ({
    subject: `Activa tu cuenta de ${P}`,
    body: [
      `Te damos la bienvenida a ${P}. La cuenta de ${email} y la empresa ${company} ya están creadas, pero nadie puede iniciar sesión hasta que se confirme esta dirección.`,
      '',
      `Abre este enlace en las próximas ${hours} horas para confirmarla y activar la cuenta:`,
      link,
      '',
      'Si no te has registrado tú, ignora este mensaje: la cuenta sigue inactiva y, si alguien vuelve a registrarse con esta dirección, se sustituye por la nueva.',
    ].join('\n'),
  }),
};

const ROLE_NAMES: Record<MailLanguage, Record<string, string>> = {
  en: { admin: 'administrator', manager: 'manager', user: 'user' },
  es: { admin: 'administrador', manager: 'gerente', user: 'usuario' },
};

export const INVITATION_MAIL: MailTexts<{
  company: string;
  role: string;
  invitedBy: string;
  link: string;
  days: number;
}> = {
  en: ({ company, role, invitedBy, link, days }) => ({
    subject: `You are invited to ${company} on ${P}`,
    body: [
      `${invitedBy} invited you to the ${P} back-office of ${company}, as ${ROLE_NAMES.en[role] ?? role}.`,
      '',
      `Open this link within ${days} days to choose your password; then sign in with this e-mail address:`,
      link,
      '',
      'If you did not expect this, ignore this message: no one can sign in with this address until a password is chosen through the link.',
    ].join('\n'),
  }),
  es: ({ company, role, invitedBy, link, days }) => ({
    subject: `Te han invitado a ${company} en ${P}`,
    body: [
      `${invitedBy} te ha invitado al back-office de ${P} de ${company}, con el rol de ${ROLE_NAMES.es[role] ?? role}.`,
      '',
      `Abre este enlace en los próximos ${days} días para elegir tu contraseña; después, inicia sesión con esta dirección de correo:`,
      link,
      '',
      'Si no esperabas esta invitación, ignora este mensaje: nadie puede iniciar sesión con esta dirección hasta que se elija una contraseña con el enlace.',
    ].join('\n'),
  }),
};

export const EXISTING_ACCOUNT_MAIL: MailTexts<{ email: string; signIn: string; reset: string }> = {
  en: ({ email, signIn, reset }) => ({
    subject: `You already have a ${P} account`,
    body: [
      `Someone tried to create a ${P} account with ${email}, which already has one.`,
      '',
      `If it was you, sign in: ${signIn}`,
      `Forgot the password? Choose a new one: ${reset}`,
      '',
      'If it was not you, ignore this message: nothing has changed.',
    ].join('\n'),
  }),
  es: ({ email, signIn, reset }) => ({
    subject: `Ya tienes una cuenta de ${P}`,
    body: [
      `Alguien ha intentado crear una cuenta de ${P} con ${email}, que ya tiene una.`,
      '',
      `Si has sido tú, inicia sesión: ${signIn}`,
      `¿Has olvidado la contraseña? Elige una nueva: ${reset}`,
      '',
      'Si no has sido tú, ignora este mensaje: no ha cambiado nada.',
    ].join('\n'),
  }),
};
