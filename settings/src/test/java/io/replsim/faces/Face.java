package io.replsim.faces;

import java.util.List;
import java.util.stream.Stream;

/**
 * The packages of a module that the modules above it may use; the module's other packages are its own.
 *
 * @param name     how a rule's message names it ("replication's spec")
 * @param packages ArchUnit package identifiers: {@code a.b} is that package alone (its subpackages are not in the
 *                 face unless named), {@code a.b..} is the package and everything under it
 */
public record Face(String name, List<String> packages) {
    public Face {
        packages = List.copyOf(packages);
    }

    /** This face and more packages, for a module that hosts the one below it and so may use more of it. */
    Face widenedTo(String widerName, List<String> more) {
        return new Face(widerName, Stream.concat(packages.stream(), more.stream()).toList());
    }

    String described() {
        return name + " (" + String.join(", ", packages) + ")";
    }
}
