// A read-only portal page's loader, on a streaming replica when DATABASE_REPLICA_URL is set (lib/db/replica.ts):
// the replica is used only once it has replayed the member's own last write (the portal's server actions mark it,
// lib/hosted/action.ts), so a member who just saved a form sees it. A replica that fails the read (down, or a
// conflict with recovery) is left out a while and the loader runs again on the primary: it only reads. Without
// replicas this is the loader on the primary, as before.
import { getDb } from "../db/client.ts";
import { readDbFor, replicaReadFailed } from "../db/replica.ts";
import type { AdminPlayer } from "../platform/business-admin.ts";
import { playerCaller } from "../hosted/player-caller.ts";
import { pageContext, type PortalContext } from "./require-portal-access.ts";

export const loadPortalRead = async <T>(player: AdminPlayer, load: (ctx: PortalContext) => Promise<T>): Promise<T> => {
  const db = await readDbFor(playerCaller(player.playerId));
  try {
    return await load(pageContext(db, player));
  } catch (err) {
    if (db === getDb() || !replicaReadFailed(db, err)) throw err;
    return load(pageContext(getDb(), player));
  }
};
