package io.replsim.faces;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

import java.util.List;
import java.util.stream.Collectors;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

/**
 * The modules of replsim that use others, bottom up: each one's packages, its face (what the modules above it may
 * use), and the faces it uses. A module not named among another's uses is one that module must not see, so the
 * direction is the same table: settings under replication and loadgen, replication under cluster-node, and
 * scenarios over all of them; loadgen and cluster-node never see each other (they meet over HTTP). probe and
 * tomcat-node depend on no replsim module in their poms, and benchmarks measures replication's and loadgen's
 * insides by design, so none of the three is here. docs/interfaces.md, "Module faces", says why each face is
 * what it is.
 */
public enum ReplsimModule {
    SETTINGS("settings", List.of("io.replsim.settings"),
            new Face("settings", List.of("io.replsim.settings..")), List.of()),

    /**
     * The spec and its choices, the ids, and the transport's choices are its face; a module that hosts a member
     * (cluster-node) also starts the engine (host), serves sessions from its store (session) and reads the
     * member's stats (member). The engines, the wire format, delivery and the streams stay inside.
     */
    REPLICATION("replication", List.of("io.replsim.replication"),
            new Face("replication's spec", List.of("io.replsim.replication", "io.replsim.replication.transport")),
            List.of("io.replsim.replication.host", "io.replsim.replication.member", "io.replsim.replication.session"),
            SETTINGS.face),

    /** What scenarios starts, configures and reads of a node; its web layer, metrics and lifecycle stay inside. */
    CLUSTER_NODE("cluster-node", List.of("io.replsim.node"),
            new Face("cluster-node", List.of("io.replsim.node", "io.replsim.node.admin", "io.replsim.node.app",
                    "io.replsim.node.options", "io.replsim.node.settings", "io.replsim.node.stats")), List.of(),
            SETTINGS.face, REPLICATION.hostFace),

    /** The driver's configuration and its results; the users' state machines and event loops stay inside. */
    LOADGEN("loadgen", List.of("io.replsim.loadgen"),
            new Face("loadgen", List.of("io.replsim.loadgen", "io.replsim.loadgen.anomaly",
                    "io.replsim.loadgen.check..", "io.replsim.loadgen.exchange", "io.replsim.loadgen.history",
                    "io.replsim.loadgen.open", "io.replsim.loadgen.profile", "io.replsim.loadgen.record",
                    "io.replsim.loadgen.route", "io.replsim.loadgen.script", "io.replsim.loadgen.steady",
                    "io.replsim.loadgen.think", "io.replsim.loadgen.validity")), List.of(),
            SETTINGS.face),

    SCENARIOS("scenarios", List.of("io.replsim.scenario", "io.replsim.cli"), new Face("scenarios", List.of()),
            List.of(),
            SETTINGS.face, REPLICATION.face, CLUSTER_NODE.face, LOADGEN.face);

    private static final String REPLSIM = "io.replsim..";

    private final String name;
    private final List<String> roots;
    private final Face face;
    private final Face hostFace;
    private final List<Face> uses;

    /** {@code hostOnly}: the packages only a module hosting this one may use beside its face (none for most). */
    ReplsimModule(String name, List<String> roots, Face face, List<String> hostOnly, Face... uses) {
        this.name = name;
        this.roots = roots;
        this.face = face;
        this.hostFace = hostOnly.isEmpty() ? face : face.widenedTo(name + "'s host face", hostOnly);
        this.uses = List.of(uses);
    }

    /**
     * Every class of this module depends on no replsim class but its own module's and those in the faces it
     * uses: a forbidden import, of a module it must not see or of another module's inside, fails it.
     */
    public ArchRule rule() {
        DescribedPredicate<JavaClass> allowed = resideOutsideOfPackage(REPLSIM)
                .or(resideInAnyPackage(subtrees()))
                .or(resideInAnyPackage(uses.stream().flatMap(used -> used.packages().stream())
                        .toArray(String[]::new)));
        String usable = uses.isEmpty() ? ""
                : " but those in " + uses.stream().map(Face::described).collect(Collectors.joining(", "));
        return classes().that().resideInAnyPackage(subtrees()).should().onlyDependOnClassesThat(allowed)
                .as(name + " uses no replsim class outside itself" + usable)
                .because("a module uses only the faces of the modules below it (io.replsim.faces.ReplsimModule,"
                        + " docs/interfaces.md \"Module faces\"): use the face, or move the type into it");
    }

    /** The module's own main classes, from its class directory or jar: no test class, no test jar. */
    public JavaClasses productClasses() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages(roots);
    }

    private String[] subtrees() {
        return roots.stream().map(root -> root + "..").toArray(String[]::new);
    }
}
