import { beforeAll, expect } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.ts';
import { mailAndSmsServerPerFile, nth } from '../../test/mailServer.ts';

export const INVITE = 'mutation($e:String!){ inviteUser(email:$e,lang:"en"){ id } }';
export const SEND = 'mutation($t:String!,$p:String!){ sendInvitationVerificationCode(token:$t,phone:$p) }';
export const VERIFY = 'mutation($t:String!,$o:String!){ verifyInvitationContact(token:$t,otp:$o) }';
export const CONTACT = 'mutation($t:String!,$c:String){ updateInvitationOtpContact(token:$t,otpContact:$c) }';

/**
 * For a whole test file: Acme with its administrator (admin@acme.test, signed in as `admin`), a
 * server mailing and texting through the test peers, and invite(email), which invites and gives
 * the token of the link mailed.
 */
export function invitingAdminPerFile(clock?: { now: () => Date }) {
  const world = Object.assign(
    mailAndSmsServerPerFile({
      clock,
      seed: async (database) => {
        const org = await createOrganization(database);
        await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
      },
    }),
    { admin: '', invite },
  );
  beforeAll(async () => {
    world.admin = await world.server.signIn('admin@acme.test');
  });

  async function invite(email: string): Promise<string> {
    expect((await world.server.gql(INVITE, { e: email }, { token: world.admin })).errors).toBeUndefined();
    const mail = await nth(() => world.mailsTo(email), 1);
    return /\/invitation\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
  }
  return world;
}
