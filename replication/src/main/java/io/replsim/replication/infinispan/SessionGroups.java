package io.replsim.replication.infinispan;

import org.infinispan.distribution.group.Grouper;

/**
 * Places every entry of one session by its session id (Infinispan grouping), so a session's attribute entries and
 * its metadata have the same owners and fail over together.
 */
final class SessionGroups implements Grouper<String> {
    @Override
    public Object computeGroup(String key, Object group) {
        return SessionKeys.sessionOf(key);
    }

    @Override
    public Class<String> getKeyType() {
        return String.class;
    }
}
