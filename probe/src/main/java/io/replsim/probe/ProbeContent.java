package io.replsim.probe;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@code /session} session holds once its serial is {@code s} (docs/interfaces.md §2e): {@code serial} (a
 * {@code Long}) and {@code attr0..attr<K-1>}, each {@code derived(<session>, "attr<i>", <version>)} where version is
 * the serial of the request that last replaced it: request 1 writes them all, request {@code s ≥ 2} the attributes
 * {@code (s·c + k) mod K}, k = 0..c−1. The probe writes with it and checks what it reads against it.
 */
record ProbeContent(String session, ProbeShape shape) {

    static final String SERIAL = "serial";

    static String attributeName(int index) {
        return "attr" + index;
    }

    /** The indexes of the attributes request {@code serial} writes, in order. */
    int[] writtenBy(long serial) {
        if (serial == 1) {
            int[] all = new int[shape.attrs()];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int changed = shape.changedPerRequest();
        int[] indexes = new int[changed];
        for (int k = 0; k < changed; k++) {
            indexes[k] = (int) ((serial * changed + k) % shape.attrs());
        }
        return indexes;
    }

    /** The value of attribute {@code index} as written by request {@code version}. */
    byte[] value(int index, long version) {
        return DerivedBytes.of(session, attributeName(index), version, shape.attributeBytes());
    }

    /** Every attribute the session holds at {@code serial}, the serial included. */
    Map<String, Object> at(long serial) {
        long[] versions = new long[shape.attrs()];
        Arrays.fill(versions, 0);
        int left = shape.attrs();
        for (long s = serial; s >= 1 && left > 0; s--) {
            for (int index : writtenBy(s)) {
                if (versions[index] == 0) {
                    versions[index] = s;
                    left--;
                }
            }
            if (shape.changedPerRequest() == 0 && s > 1) {
                s = 2; // nothing changes after the first request: jump to it
            }
        }
        Map<String, Object> attributes = new LinkedHashMap<>();
        attributes.put(SERIAL, serial);
        for (int i = 0; i < versions.length; i++) {
            attributes.put(attributeName(i), value(i, versions[i]));
        }
        return attributes;
    }
}
