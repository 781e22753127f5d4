import { sql, type Kysely } from 'kysely';

// Every change the access chain depends on announces itself on `atelier_access`, in the changing
// transaction (src/platform/auth/credential-cache.ts keeps API keys in memory and drops them on
// these): a key row changing in any column but `last_used_at` (revocation, expiry, scopes, IPs,
// referrers, type…) or disappearing sends `k:<key id>`; an account's balance, lifetime spend,
// tier override or status changing sends `a:<account id>`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function atelier_notify_key_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('atelier_access', 'k:' || old.id);
        return old;
      end if;
      if (to_jsonb(old) - 'last_used_at') is distinct from (to_jsonb(new) - 'last_used_at') then
        perform pg_notify('atelier_access', 'k:' || new.id);
      end if;
      return new;
    end $$;
    create trigger api_keys_notify_change after update or delete on api_keys
      for each row execute function atelier_notify_key_change();

    create function atelier_notify_account_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('atelier_access', 'a:' || coalesce(new.id, old.id));
      return null;
    end $$;
    create trigger accounts_notify_change after update on accounts
      for each row when (
        old.balance_micros is distinct from new.balance_micros
        or old.lifetime_spend_micros is distinct from new.lifetime_spend_micros
        or old.tier_override is distinct from new.tier_override
        or old.status is distinct from new.status
      )
      execute function atelier_notify_account_change();
    create trigger accounts_notify_delete after delete on accounts
      for each row execute function atelier_notify_account_change();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists api_keys_notify_change on api_keys;
    drop trigger if exists accounts_notify_change on accounts;
    drop trigger if exists accounts_notify_delete on accounts;
    drop function if exists atelier_notify_key_change();
    drop function if exists atelier_notify_account_change();
  `.execute(db);
}
