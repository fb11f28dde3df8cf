package io.replsim.node;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The node's packages form layers: no package imports another that imports it back, the root package counted as
 * one. What the node may use of other modules is ModuleFacesTest's.
 */
class PackageLayersTest {

    private static final String ROOT = "io.replsim.node";

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
