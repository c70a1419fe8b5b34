package rulesets

import (
	"errors"

	"github.com/mjref/mjref/internal/yamldoc"
)

// OneDocument is moreYAML for a file of a family's own (American's card).
func OneDocument(data []byte, what string) (line int, msg string) { return moreYAML(data, what) }

// moreYAML reports what follows the first YAML document of data, which a file of ours (a ruleset,
// a card) must not have: yaml.Unmarshal reads the first document and drops the rest, so a table's
// overrides after a "---" would silently not apply. It returns the line and a message naming
// what ("ruleset"), or msg "" when there is nothing after the first document.
func moreYAML(data []byte, what string) (line int, msg string) {
	line, err := yamldoc.Rest(data)
	switch {
	case err == nil:
		return 0, ""
	case errors.Is(err, yamldoc.ErrSecond):
		return line, "a second YAML document: a " + what + " is one document (what follows --- would be ignored)"
	}
	return 0, "text after the first YAML value: " + cleanYAMLMsg(err.Error())
}
