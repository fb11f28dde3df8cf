package io.replsim.loadgen.layerfixture;

import io.replsim.loadgen.PackageLayersTest;

/** Test fixture: a package below the root that uses a root-package type, closing a circle with it. */
public final class GroundThatReachesUp {
    private GroundThatReachesUp() {
    }

    public static int depth() {
        return PackageLayersTest.FacadeThatIsAlsoGround.level() + 1;
    }
}
