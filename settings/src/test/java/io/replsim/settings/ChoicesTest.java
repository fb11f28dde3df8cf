package io.replsim.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one label rule: an enum's names in lower case with dashes, read back whatever their case. */
class ChoicesTest {

    enum Colour implements Labelled { DARK_RED, BLUE, TCP_NIO2 }

    @Test
    void anEnumIsLabelledByItsNamesInLowerCaseWithDashes() {
        assertThat(Colour.DARK_RED.label()).isEqualTo("dark-red");
        assertThat(Colour.TCP_NIO2.label()).isEqualTo("tcp-nio2");
        assertThat(Choices.of(Colour.class).labels()).isEqualTo("dark-red, blue, tcp-nio2");
    }

    @Test
    void aLabelIsReadWhateverItsCaseAndTheBlanksAroundIt() {
        assertThat(Choices.of(Colour.class).parse(" Dark-RED ", "colour")).isEqualTo(Colour.DARK_RED);
        assertThat(Choices.of(Colour.class).find("dark_red")).isEmpty();
    }

    @Test
    void anUnknownLabelIsRefusedWithEveryLabelThereIs() {
        assertThatThrownBy(() -> Choices.of(Colour.class).parse("green", "colour"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown colour \"green\"; expected one of: dark-red, blue, tcp-nio2");
    }

    @Test
    void valuesOtherThanAnEnumsAreReadByTheirOwnLabels() {
        Choices<Integer> sizes = new Choices<>(List.of(1, 2), size -> size == 1 ? "one" : "two");

        assertThat(sizes.parse("TWO", "size")).isEqualTo(2);
        assertThatThrownBy(() -> sizes.parse("three", "size")).hasMessageEndingWith("expected one of: one, two");
    }

    @Test
    void aChoiceGrammarWritesTheLabelAndNamesEveryLabelForATextItDoesNotRead() {
        Grammar<Colour> colours = Grammar.choice("a colour", Colour.class);

        assertThat(colours.parse("blue")).contains(Colour.BLUE);
        assertThat(colours.format(Colour.DARK_RED)).isEqualTo("dark-red");
        assertThat(colours.parse("green")).isEmpty();
        assertThat(colours.expected("green")).isEqualTo("a colour, one of: dark-red, blue, tcp-nio2");
    }

    @Test
    void aBooleanIsTrueOrFalseInLowerCase() {
        Grammar<Boolean> flag = Grammar.bool("true or false");

        assertThat(flag.parse(" true")).contains(true);
        assertThat(flag.parse("false")).contains(false);
        assertThat(flag.parse("yes")).isEmpty();
        assertThat(flag.expected("yes")).isEqualTo("true or false, one of: true, false");
    }
}
