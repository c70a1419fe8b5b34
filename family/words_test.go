package family_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/family"
)

// TestWorded: a message that names a request's fields is written once; the command line names
// them as flags, an HTTP answer by their JSON names, however the error was wrapped.
func TestWorded(t *testing.T) {
	field := family.Fieldf("%s %s is not a player at this table", family.Field("false-win"), "Zed")
	for _, tt := range []struct {
		name           string
		err            error
		line, lineHint string
		http, httpHint string
	}{
		{"a field", field,
			"--false-win Zed is not a player at this table", "",
			`"false_win" Zed is not a player at this table`, ""},
		{"wrapped", fmt.Errorf("evening.jsonl: %w", field),
			"evening.jsonl: --false-win Zed is not a player at this table", "",
			`evening.jsonl: "false_win" Zed is not a player at this table`, ""},
		{"a hint in each door's words", family.HintFields(field, family.Textf("e.g. %s", family.Either{Line: "--winner Ann", HTTP: `{"winner": "Ann"}`})),
			"--false-win Zed is not a player at this table", "e.g. --winner Ann",
			`"false_win" Zed is not a player at this table`, `e.g. {"winner": "Ann"}`},
		{"a hint written for the command line", family.HintFields(errors.New("no worth"), family.Textf("%s", family.Flags("e.g. --faan 5, or --last-tile"))),
			"no worth", "e.g. --faan 5, or --last-tile",
			"no worth", `e.g. "faan" 5, or "last_tile"`},
		{"a plain hint", family.WithHint(field, "ask the table"),
			"--false-win Zed is not a player at this table", "ask the table",
			`"false_win" Zed is not a player at this table`, "ask the table"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.line {
				t.Errorf("Error() = %q, want %q", got, tt.line)
			}
			if got := family.HintOf(tt.err); got != tt.lineHint {
				t.Errorf("HintOf = %q, want %q", got, tt.lineHint)
			}
			msg, hint := family.Worded(tt.err, family.CommandLine)
			if diff := cmp.Diff([]string{tt.line, tt.lineHint}, []string{msg, hint}); diff != "" {
				t.Errorf("command line (-want +got):\n%s", diff)
			}
			msg, hint = family.Worded(tt.err, family.HTTP)
			if diff := cmp.Diff([]string{tt.http, tt.httpHint}, []string{msg, hint}); diff != "" {
				t.Errorf("HTTP (-want +got):\n%s", diff)
			}
		})
	}
	var fe *family.Error
	if !errors.As(field, &fe) || !fe.Usage {
		t.Errorf("Fieldf is not a usage error: %#v", field)
	}
}
