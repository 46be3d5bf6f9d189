import { PRODUCT_NAME } from '@hive/shared/config';
import type { Kysely } from 'kysely';
import type { Database } from '../../../database';
import { absoluteLink, mailFormats, mailLanguage, sendMail, type MailLanguage, type MailTexts } from '../../../platform/outbox';
import type { CanaryFigures, CanaryReason } from './judge';

/*
 * The e-mail of an automatic rollback (issue 44): to the staff member who registered the release,
 * else the deploy token's contact address, else every super_admin; each in the recipient's
 * language (a token's contact has none: English). What happened, why, the figures, and what
 * visitors get now.
 */

export interface RollbackMailParams {
  remote: string;
  version: string;
  id: number;
  activeVersion: string | null;
  reason: CanaryReason;
  figures: CanaryFigures;
  link: string;
}

const P = PRODUCT_NAME;

function numbers(language: MailLanguage) {
  const format = mailFormats(language, 'USD');
  return {
    pct: (value: number | null) => (value === null ? '-' : `${format.number(value * 100, 1)} %`),
    n: (value: number) => format.number(value, 2),
  };
}

export const AUTOMATIC_ROLLBACK_MAIL: MailTexts<RollbackMailParams> = {
  en: ({ remote, version, id, activeVersion, reason, figures: f, link }) => {
    const { pct, n } = numbers('en');
    return {
      subject: `${P}: release ${version} of ${remote} was rolled back automatically`,
      body: [
        `The canary release ${version} of the ${remote} remote (id ${id}) was rolled back automatically.`,
        '',
        reason === 'load_failures'
          ? `Why: the remote failed to load in ${pct(f.loadFailureRate)} of its sessions, above the limit of ${pct(f.maxLoadFailure)}.`
          : `Why: ${pct(f.errorRate)} of its sessions had errors, against ${pct(f.activeErrorRate ?? 0)} on the active release: more than ${n(f.maxErrorRatio)} times as many and at least 2 points above.`,
        '',
        'The figures since the canary started:',
        `- sessions: ${n(f.sessions)} (judged from ${n(f.minSessions)})`,
        `- load failures: ${n(f.loadFailures)} (${pct(f.loadFailureRate)})`,
        `- sessions with errors: ${n(f.errorSessions)} (${pct(f.errorRate)})`,
        `- active release: ${n(f.activeSessions)} sessions, ${pct(f.activeErrorRate)} with errors`,
        '',
        activeVersion
          ? `Visitors get the active release (${activeVersion}) on their next load; open tabs keep what they loaded until they reload.`
          : 'Visitors get the active release on their next load; open tabs keep what they loaded until they reload.',
        '',
        `The release and its history: ${link}`,
      ].join('\n'),
    };
  },
  es: ({ remote, version, id, activeVersion, reason, figures: f, link }) => {
    const { pct, n } = numbers('es');
    return {
      subject: `${P}: la versión ${version} de ${remote} se ha revertido automáticamente`,
      body: [
        `La versión canary ${version} del remoto ${remote} (id ${id}) se ha revertido automáticamente.`,
        '',
        reason === 'load_failures'
          ? `Motivo: el remoto no se pudo cargar en el ${pct(f.loadFailureRate)} de sus sesiones, por encima del límite del ${pct(f.maxLoadFailure)}.`
          : `Motivo: el ${pct(f.errorRate)} de sus sesiones tuvo errores, frente al ${pct(f.activeErrorRate ?? 0)} de la versión activa: más de ${n(f.maxErrorRatio)} veces más y al menos 2 puntos por encima.`,
        '',
        'Las cifras desde que empezó el canary:',
        `- sesiones: ${n(f.sessions)} (se evalúa a partir de ${n(f.minSessions)})`,
        `- fallos de carga: ${n(f.loadFailures)} (${pct(f.loadFailureRate)})`,
        `- sesiones con errores: ${n(f.errorSessions)} (${pct(f.errorRate)})`,
        `- versión activa: ${n(f.activeSessions)} sesiones, ${pct(f.activeErrorRate)} con errores`,
        '',
        activeVersion
          ? `Los visitantes reciben la versión activa (${activeVersion}) la próxima vez que carguen la página; las pestañas abiertas conservan lo que cargaron hasta que recarguen.`
          : 'Los visitantes reciben la versión activa la próxima vez que carguen la página; las pestañas abiertas conservan lo que cargaron hasta que recarguen.',
        '',
        `La versión y su historial: ${link}`,
      ].join('\n'),
    };
  },
};

export interface Recipient {
  email: string;
  language: MailLanguage;
}

/** Who hears of an automatic rollback: the registering staff member, the token's contact, or every super_admin. */
export async function rollbackRecipients(
  db: Kysely<Database>,
  release: { registered_by_user_id: number | null; registered_by_token_id: number | null },
): Promise<Recipient[]> {
  if (release.registered_by_user_id !== null) {
    const user = await db
      .selectFrom('users')
      .select(['email', 'language'])
      .where('id', '=', release.registered_by_user_id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (user) return [{ email: user.email, language: mailLanguage(user.language) }];
  }
  if (release.registered_by_token_id !== null) {
    const token = await db
      .selectFrom('deploy_tokens')
      .select('contact_email')
      .where('id', '=', release.registered_by_token_id)
      .executeTakeFirst();
    if (token?.contact_email) return [{ email: token.contact_email.trim().toLowerCase(), language: 'en' }];
  }
  const admins = await db
    .selectFrom('users')
    .select(['email', 'language'])
    .where('is_admin', '=', 1)
    .where('role', '=', 'super_admin')
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return admins.map((admin) => ({ email: admin.email, language: mailLanguage(admin.language) }));
}

export async function mailAutomaticRollback(
  db: Kysely<Database>,
  release: { registered_by_user_id: number | null; registered_by_token_id: number | null },
  params: Omit<RollbackMailParams, 'link'> & { publicUrl: string },
  now: number,
): Promise<Recipient[]> {
  const recipients = await rollbackRecipients(db, release);
  const link = absoluteLink(params.publicUrl, '/admin/releases');
  await db.transaction().execute(async (trx) => {
    for (const recipient of recipients) {
      const text = AUTOMATIC_ROLLBACK_MAIL[recipient.language]({ ...params, link });
      await sendMail(trx, { to: recipient.email, ...text }, now);
    }
  });
  return recipients;
}
