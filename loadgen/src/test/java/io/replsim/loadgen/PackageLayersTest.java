package io.replsim.loadgen;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import io.replsim.loadgen.layerfixture.GroundThatReachesUp;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The driver's packages form layers: none imports another that imports it back. The root package is a slice of
 * its own (the facade the scenarios use: LoadDriver, LoadResult), so a ground type left in it, which the packages
 * below would need, shows as a cycle. What the driver may use of other modules is ModuleFacesTest's.
 */
public class PackageLayersTest {

    private static final String ROOT = "io.replsim.loadgen";

    private static final ArchRule NO_CYCLES = slices().assignedFrom(new FirstPackageUnderRoot()).should()
            .beFreeOfCycles();

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);

    @Test
    void packagesFormNoCycle() {
        NO_CYCLES.check(MAIN);
    }

    @Test
    void aCycleThroughTheRootPackageFailsTheRule() {
        JavaClasses circle = new ClassFileImporter().importClasses(FacadeThatIsAlsoGround.class,
                GroundThatReachesUp.class);

        assertThatThrownBy(() -> NO_CYCLES.check(circle)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected").hasMessageContaining("(root)")
                .hasMessageContaining("layerfixture");
    }

    /** A root-package type that a package below uses, while the root uses that package: the shape this rule bans. */
    public static final class FacadeThatIsAlsoGround {
        public static int level() {
            return 1;
        }

        public static int reach() {
            return GroundThatReachesUp.depth();
        }
    }

    private static final class FirstPackageUnderRoot implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass type) {
            String name = type.getPackageName();
            if (name.equals(ROOT)) {
                return SliceIdentifier.of("(root)");
            }
            if (name.startsWith(ROOT + ".")) {
                return SliceIdentifier.of(name.substring(ROOT.length() + 1).split("\\.")[0]);
            }
            return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the packages under " + ROOT + " and the root package itself";
        }
    }
}
