/**
 * A bank transfer as a user asks for it (REST's /api/account/transfer, DIFF's
 * req_transfer): the login password confirms it is the account's owner, and every
 * attempt goes to the core, which refuses or moves the money and records it either way
 * (DECISIONS.md).
 */
import { randomUUID } from 'node:crypto';
import type { AuthService } from '../auth/auth-service.ts';
import type { Exchange } from '../exchange.ts';

export interface TransferRequest {
  readonly accountId: string;
  readonly userId: string;
  readonly bankId: string;
  /** Positive moves money into the account, negative out of it. */
  readonly amount: number;
  /** The owner's login password. */
  readonly futurePassword: string;
  /** The client's address, for the password-check limits. */
  readonly address: string;
}

export interface Bank {
  readonly id: string;
  readonly name: string;
}

export async function requestBankTransfer(exchange: Exchange, auth: AuthService, banks: readonly Bank[], request: TransferRequest) {
  // An unknown bank goes to the core too (with no name), which refuses and records it.
  const bank = banks.find((b) => b.id === request.bankId) ?? { id: request.bankId, name: '' };
  const password = await auth.checkPassword(request.userId, request.futurePassword, request.address);
  const transferId = `T${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const { stamped, result } = await exchange.submit({
    type: 'account.bank-transfer',
    transferId,
    accountId: request.accountId,
    bankId: bank.id,
    bankName: bank.name,
    amount: request.amount,
    credentialError:
      password.retryAfter > 0
        ? `too many wrong passwords; try again in ${password.retryAfter} s`
        : password.ok
          ? ''
          : "future_password is not the account owner's password",
  });
  const recorded = result.events.find((e) => e.type === 'transfer.recorded');
  return {
    transferId,
    stamped,
    result,
    knownBank: bank.name !== '',
    /** Whether the attempt is in the account's transfer records (every attempt on an existing account is). */
    recorded: recorded !== undefined,
    /** Seconds until the password may be tried again; 0 unless the checks were used up. */
    retryAfter: password.retryAfter,
    errorMsg: recorded?.type === 'transfer.recorded' ? recorded.errorMsg : '',
  };
}
