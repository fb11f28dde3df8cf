package io.replsim.replication;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The module's packages form layers: none imports another that imports it back, directly or around a circle.
 * Slices are the packages right under {@code io.replsim.replication} (a subpackage counts with its parent), and the
 * root package is a slice of its own, so a cycle through the ground types (ids, the spec) is caught too.
 */
class PackageLayersTest {

    private static final String ROOT = "io.replsim.replication";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);

    @Test
    void packagesFormNoCycle() {
        slices().assignedFrom(new FirstPackageUnderRoot()).should().beFreeOfCycles().check(MAIN);
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
