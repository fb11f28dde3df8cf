package io.replsim.loadgen.check.state;

import java.util.ArrayList;
import java.util.List;

/**
 * The probe app's {@code /session} session (docs/interfaces.md §2e), computed here from the document, apart from
 * the probe's own code (which this module never sees): {@code serial} (a {@code Long}) and {@code attrs}
 * attributes {@code attr0..} of {@code kb·1024/attrs} bytes each, all written by request 1, then
 * {@link #changedPerRequest()} of them in turn by each later request {@code s}: {@code (s·c + k) mod attrs}, each
 * value {@code derived(<session>, "attr<i>", <serial that wrote it>)}.
 */
public record ProbeState(int kb, int attrs, double share) implements AppState {

    public ProbeState {
        if (kb < 0 || attrs < 1) {
            throw new IllegalArgumentException("a probe session has 0 or more kb over at least 1 attribute, got kb="
                    + kb + " attrs=" + attrs);
        }
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("share is from 0 to 1, got " + share);
        }
    }

    /** The share of attributes, rounded half up, at least one when the share is above 0. */
    public int changedPerRequest() {
        return share == 0 ? 0 : Math.max(1, (int) Math.floor(share * attrs + 0.5));
    }

    @Override
    public List<Written> at(String session, long serial) {
        long[] versions = versionsAt(serial);
        int bytes = kb * 1024 / attrs;
        var written = new ArrayList<Written>(attrs + 1);
        written.add(new Written("serial", serial, () -> serial));
        for (int i = 0; i < attrs; i++) {
            String name = "attr" + i;
            long version = versions[i];
            written.add(new Written(name, version, () -> DerivedRandom.bytes(session, name, version, bytes)));
        }
        return written;
    }

    private long[] versionsAt(long serial) {
        long[] versions = new long[attrs];
        java.util.Arrays.fill(versions, 1);
        int changed = changedPerRequest();
        boolean[] seen = new boolean[attrs];
        int left = attrs;
        for (long s = serial; s >= 2 && left > 0 && changed > 0; s--) {
            for (int k = 0; k < changed; k++) {
                int index = (int) ((s * changed + k) % attrs);
                if (!seen[index]) {
                    seen[index] = true;
                    versions[index] = s;
                    left--;
                }
            }
        }
        return versions;
    }
}
