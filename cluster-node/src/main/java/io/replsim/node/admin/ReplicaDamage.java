package io.replsim.node.admin;

import io.replsim.replication.session.SessionStore;
import io.replsim.settings.Labelled;

/**
 * Damages one attribute in every copy this node holds of other members' sessions, on purpose: for tests that show
 * the load driver's checks catch a replica that is not what the owner wrote (a flipped byte: CORRUPT after a
 * failover; a missing attribute the app needs: FAILED). Nothing replicates the damage: it shows once the copy is
 * served, after its owner is gone. Under the Infinispan engine a backup entry is the cache's, and it holds none here.
 */
final class ReplicaDamage {

    /** What happens to the attribute. */
    enum How implements Labelled {
        /** The first byte of a {@code byte[]} value is inverted; a value of another type is left alone. */
        FLIP,
        /** The attribute is removed. */
        REMOVE
    }

    /** The answer: how many copies were changed. */
    record Damaged(int damaged) {
    }

    private final SessionStore store;

    ReplicaDamage(SessionStore store) {
        this.store = store;
    }

    Damaged damage(String attribute, How how) {
        return new Damaged(store.alterBackupCopies(session -> switch (how) {
            case REMOVE -> {
                boolean held = session.peekAttribute(attribute).isPresent();
                session.removeAttribute(attribute);
                yield held;
            }
            case FLIP -> {
                if (session.peekAttribute(attribute).orElse(null) instanceof byte[] bytes && bytes.length > 0) {
                    bytes[0] = (byte) ~bytes[0];
                    yield true;
                }
                yield false;
            }
        }));
    }
}
