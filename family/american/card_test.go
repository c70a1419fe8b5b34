package american

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	am "github.com/mjref/mjref/scoring/american"
)

func TestListCards(t *testing.T) {
	if diff := cmp.Diff([]string{"sample-2026"}, ListCards()); diff != "" {
		t.Errorf("ListCards mismatch (-want +got):\n%s", diff)
	}
}

func TestSampleCard(t *testing.T) {
	info, err := checkCard("sample-2026")
	if err != nil {
		t.Fatalf("CheckCard: %v", err)
	}
	src := func(line int) scoring.Source { return scoring.Source{Ruleset: "sample-2026.yaml", Line: line} }
	want := []am.LineInfo{
		{ID: "Y1", Section: "2026", Value: 25, Hands: 3, Source: src(17)},
		{ID: "Y2", Section: "2026", Value: 25, Hands: 3, Source: src(18)},
		{ID: "Y3", Section: "2026", Value: 30, Concealed: true, Hands: 3, Source: src(19)},
		{ID: "Y4", Section: "2026", Value: 30, Concealed: true, Hands: 3, Source: src(20)},
		{ID: "E1", Section: "2468", Value: 25, Hands: 6, Source: src(23)},
		{ID: "E2", Section: "2468", Value: 30, Hands: 6, Source: src(24)},
		{ID: "E3", Section: "2468", Value: 25, Hands: 9, Source: src(25)},
		{ID: "L1", Section: "Any Like Numbers", Value: 25, Hands: 27, Source: src(28)},
		{ID: "L2", Section: "Any Like Numbers", Value: 30, Hands: 9, Source: src(29)},
		{ID: "L3", Section: "Any Like Numbers", Value: 30, Hands: 216, Source: src(30)},
		{ID: "A1", Section: "Addition Hands", Value: 25, Hands: 6, Source: src(33)},
		{ID: "Q1", Section: "Quints", Value: 40, Hands: 21, Source: src(36)},
		{ID: "Q2", Section: "Quints", Value: 45, Hands: 27, Source: src(37)},
		{ID: "Q3", Section: "Quints", Value: 40, Hands: 24, Source: src(38)},
		{ID: "R1", Section: "Consecutive Run", Value: 25, Hands: 42, Source: src(42)},
		{ID: "R2", Section: "Consecutive Run", Value: 25, Hands: 36, Source: src(43)},
		{ID: "R3", Section: "Consecutive Run", Value: 30, Concealed: true, Hands: 36, Source: src(44)},
		{ID: "O1", Section: "13579", Value: 25, Hands: 6, Source: src(47)},
		{ID: "W1", Section: "Winds - Dragons", Value: 25, Hands: 1, Source: src(50)},
		{ID: "W2", Section: "Winds - Dragons", Value: 30, Hands: 3, Source: src(51)},
		{ID: "W3", Section: "Winds - Dragons", Value: 30, Hands: 1, Source: src(52)},
		{ID: "T1", Section: "369", Value: 25, Hands: 6, Source: src(55)},
		{ID: "T2", Section: "369", Value: 25, Hands: 9, Source: src(56)},
		{ID: "P1", Section: "Singles and Pairs", Value: 50, Concealed: true, Hands: 6, Source: src(60)},
		{ID: "P2", Section: "Singles and Pairs", Value: 50, Concealed: true, Hands: 3, Source: src(61)},
	}
	if diff := cmp.Diff(want, info); diff != "" {
		t.Errorf("sample card mismatch (-want +got):\n%s", diff)
	}
}

func TestSampleCardMatches(t *testing.T) {
	card, err := LoadCardFrom(nil, "sample-2026.yaml")
	if err != nil {
		t.Fatalf("LoadCard: %v", err)
	}
	tests := []struct {
		name, hand, line string
		bonus            bool
	}{
		{"jokerless bonus on an X line", "1111m 33m 555p 77p 999s", "O1", true},
		{"no bonus on singles and pairs", "EE WW 2244m 6688p WdWd", "P1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			got := am.Match(card, &h, nil)
			if diff := cmp.Diff([2]any{tt.line, tt.bonus}, [2]any{got.Line, got.JokerlessBonus}); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s", tt.hand, diff)
			}
			if got.Source.String() == "" {
				t.Error("result cites no card line")
			}
		})
	}
}

func TestParseCardErrors(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want []string
	}{
		{"an alternative of 13 tiles", `card:
  name: test
  sections:
    - name: Runs
      lines:
        - id: R1
          value: 25
          pattern:
            - "FF 1111a 2222a 3333a"
            - "FF 1111a 2222a 333a"
`, []string{"card.yaml:10: line R1: alternative 2 has 13 tiles, expected 14"}},
		{"several problems at once", `card:
  name: test
  lines:
    - {id: K1, pattern: "FF 1111a 2222a 3333q", value: 25}
    - {id: K2, pattern: "FF 1111b 2222b 3333b", value: 25}
    - {id: K2, pattern: "FF 1111a 2222a 3333a", value: -5}
`, []string{
			`card.yaml:4: line K1: pattern: group "3333q": unknown symbol 'q': expected 1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, F, N, E, W, S, Z and a suit suffix a, b, c, m, p, s or *`,
			"card.yaml:6: line K2: duplicate id (first at card.yaml:5)",
			"card.yaml:6: line K2: value -5 is not positive",
		}},
		{"unknown key", `card:
  name: test
  lines:
    - {id: K1, pattern: "FF 1111a 2222a 3333a", value: 25, concealed: true, points: 3}
`, []string{"card.yaml:4: line K1: unknown key \"points\" in a line: expected section, id, pattern, value, concealed, note, x, y, suits, numbers, jokerless_bonus"}},
		{"a section key inside a section", `card:
  sections:
    - name: One
      lines:
        - {section: Two, id: K1, pattern: "FF 1111a 2222a 3333a", value: 25}
`, []string{"card.yaml:5: line K1: unknown key \"section\" in a line: expected id, pattern, value, concealed, note, x, y, suits, numbers, jokerless_bonus"}},
		{"bad types", `card:
  name: test
  year: soon
  lines:
    - id: K1
      pattern: "FF XXXXa XXXX+1a XXXX+2a"
      value: lots
      concealed: maybe
      x: three
      suits: few
      numbers: sometimes
`, []string{
			`card.yaml:3: year must be a whole number, not "soon"`,
			`card.yaml:7: value must be a whole number, not "lots"`,
			`card.yaml:8: concealed must be true or false, not "maybe"`,
			`card.yaml:9: x: "three" is not a set of numbers: expected a list such as [1, 3, 5], odd, even, a range 1-5, or not 5`,
			`card.yaml:10: suits must be a number of suits 1-3, a list such as [1, 2], or words such as "1 or 2" or any, not "few"`,
			`card.yaml:11: numbers must be fixed (these numbers only) or relative (the printed numbers may shift), not "sometimes"`,
		}},
		{"a key twice", `card:
  name: test
  lines:
    - id: K1
      id: K2
      pattern: "FF 1111a 2222a 3333a"
      value: 25
`, []string{`card.yaml:5: line K1: key "id" given twice in a line`}},
		{"no card key", "deck: {}\n", []string{`card.yaml:1: not a card file: a card file is a YAML mapping with a card: key holding name, year and the lines`}},
		{"no lines", "card: {name: empty}\n", []string{"card.yaml:1: the card has no lines"}},
		{"empty file", "", []string{"card.yaml:0: empty card file: expected a card: mapping"}},
		{"a second document", "card:\n  lines:\n    - {id: K1, pattern: \"FF 1111a 2222a 3333a\", value: 25}\n---\ncard:\n  name: lost\n", []string{"card.yaml:5: a second YAML document: a card file is one document (what follows --- would be ignored)"}},
		{"no possible hand", `card:
  lines:
    - {id: K1, pattern: "FF XXXXa XXXX+1a XXXX+2a", x: [8, 9], value: 25}
`, []string{"card.yaml:3: line K1: pattern has no possible hand (numbers out of 1-9, or more tiles than the set holds)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, err := ParseCard([]byte(tt.yaml), "card.yaml")
			if err == nil {
				err = card.Err() // some lines play: the others are the card's problems
			}
			if err == nil {
				t.Fatal("ParseCard succeeded, want an error")
			}
			var got []string
			var joined interface{ Unwrap() []error }
			if errors.As(err, &joined) {
				for _, e := range joined.Unwrap() {
					got = append(got, e.Error())
				}
			} else {
				got = []string{err.Error()}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseCardPartial: a card with bad lines plays its good ones and says which lines it left out
// and why; a repeated alternative is a warning, and its line plays (issue 25, item 6).
func TestParseCardPartial(t *testing.T) {
	card, err := ParseCard([]byte(`card:
  name: partial
  defaults: {value: 25}
  lines:
    - {id: K1, pattern: "FF 1111a 2222a 333a"}
    - {id: K2, pattern: "FF 1111a 2222a 3333a"}
    - id: K3
      pattern:
        - "FF 1111a 2222b 3333c"
        - "FF 1111b 2222a 3333c"
    - {id: K4, pattern: "FF 1111a 2222a 4444a", valeu: 30}
    - {id: K2, pattern: "FF 1111a 2222a 5555a"}
`), "card.yaml")
	if err != nil {
		t.Fatalf("ParseCard: %v", err)
	}
	var played []string
	for _, l := range card.Lines {
		played = append(played, fmt.Sprintf("%s %d", l.ID, l.Hands()))
	}
	if diff := cmp.Diff([]string{"K2 3", "K3 6"}, played); diff != "" {
		t.Errorf("lines played (-want +got):\n%s", diff)
	}
	want := []scoring.Warning{
		{Message: "card.yaml:5: line K1 left out: pattern has 13 tiles, expected 14", File: "card.yaml", Line: 5, CardLine: "K1", LeftOut: true},
		{Message: "card.yaml:10: line K3: alternative 2 is a duplicate: alternative 1 already gives every hand of it (ignored)", File: "card.yaml", Line: 10, CardLine: "K3"},
		{Message: `card.yaml:11: line K4 left out: unknown key "valeu" in a line: expected section, id, pattern, value, concealed, note, x, y, suits, numbers, jokerless_bonus`, File: "card.yaml", Line: 11, CardLine: "K4", LeftOut: true},
		{Message: "card.yaml:12: line K2 left out: duplicate id (first at card.yaml:6)", File: "card.yaml", Line: 12, CardLine: "K2", LeftOut: true},
	}
	if diff := cmp.Diff(want, card.Warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	var problems []string
	for _, e := range card.Err().(interface{ Unwrap() []error }).Unwrap() {
		problems = append(problems, e.Error())
	}
	wantProblems := []string{
		"card.yaml:5: line K1: pattern has 13 tiles, expected 14",
		`card.yaml:11: line K4: unknown key "valeu" in a line: expected section, id, pattern, value, concealed, note, x, y, suits, numbers, jokerless_bonus`,
		"card.yaml:12: line K2: duplicate id (first at card.yaml:6)",
	}
	if diff := cmp.Diff(wantProblems, problems); diff != "" {
		t.Errorf("Err (-want +got):\n%s", diff)
	}

	// A repeated alternative alone: the card is whole (Err is nil), with a warning.
	card, err = ParseCard([]byte("card:\n  lines:\n    - id: K1\n      value: 25\n      pattern: [\"FF 1111a 2222a 3333a\", \"FF 1111a 2222a 3333a\"]\n"), "card.yaml")
	if err != nil || card.Err() != nil || len(card.Warnings) != 1 || card.Warnings[0].LeftOut {
		t.Errorf("a repeated alternative: err %v, Err %v, warnings %+v; want one warning, nothing left out", err, card.Err(), card.Warnings)
	}

	// Every line bad: not a card that plays.
	if _, err := ParseCard([]byte("card:\n  lines:\n    - {id: K1, pattern: \"FF 1111a 2222a 333a\", value: 25}\n"), "card.yaml"); err == nil {
		t.Error("a card whose every line is bad loaded")
	}
}

func TestParseCardDefaults(t *testing.T) {
	card, err := ParseCard([]byte(`card:
  name: defaults
  defaults: {value: 25, concealed: true}
  sections:
    - name: One
      lines:
        - {id: K1, pattern: "FF 1111a 2222a 3333a"}
        - {id: K2, pattern: "FF 1111a 2222a 4444a", value: 30, concealed: false}
    - name: Two
      defaults: {jokerless_bonus: false, note: "pairs only", x: [1, 3]}
      lines:
        - {id: K3, pattern: "FF XXa XXb XX+1a XX+1b XX+2a XX+2b"}
        - {id: K4, pattern: "FF 11a 11b 22a 22b 33a 33b"}
`), "card.yaml")
	if err != nil {
		t.Fatalf("ParseCard: %v", err)
	}
	type fields struct {
		ID             string
		Section        string
		Value          int
		Concealed      bool
		JokerlessBonus bool
		Note           string
		X              []int
		Hands          int
	}
	var got []fields
	for _, l := range card.Lines {
		got = append(got, fields{l.ID, l.Section, l.Value, l.Concealed, l.JokerlessBonus, l.Note, l.X, l.Hands()})
	}
	want := []fields{
		{"K1", "One", 25, true, true, "", nil, 3},
		{"K2", "One", 30, false, true, "", nil, 3},
		{"K3", "Two", 25, true, false, "pairs only", []int{1, 3}, 6},
		{"K4", "Two", 25, true, false, "pairs only", nil, 3},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lines mismatch (-want +got):\n%s", diff)
	}
}

func TestParseCardFlat(t *testing.T) {
	card, err := ParseCard([]byte(`card:
  lines:
    - {section: "2026", id: Y1, pattern: "NN 2026a SS 666b 666c", value: 25}
    - {section: Quints, id: Q2, pattern: "EEEEE XXXXa WWWWW", value: 45}
`), "flat.yaml")
	if err != nil {
		t.Fatalf("ParseCard: %v", err)
	}
	if diff := cmp.Diff([]string{"2026", "Quints"}, card.Sections()); diff != "" {
		t.Errorf("Sections mismatch (-want +got):\n%s", diff)
	}
}

func TestLoadCardFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "house.yaml")
	if err := os.WriteFile(good, []byte("card:\n  lines:\n    - {id: H1, pattern: \"NEWS 1111a 2222a 33a\", value: 25}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("card:\n  lines:\n    - {id: H1, pattern: \"NEWS 1111a 2222a 3a\", value: 25}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		path    string
		wantErr string
		hands   int
	}{
		{"a file", good, "", 3},
		{"a file with an error cites its path", bad, bad + ":3: line H1: pattern has 13 tiles, expected 14", 0},
		{"no such card", filepath.Join(dir, "none.yaml"), `card "` + filepath.Join(dir, "none.yaml") + `": no built-in card of that name (sample-2026) and no such file`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info, err := checkCard(tt.path)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			hands := 0
			for _, i := range info {
				hands += i.Hands
			}
			if diff := cmp.Diff([2]any{tt.wantErr, tt.hands}, [2]any{gotErr, hands}); diff != "" {
				t.Errorf("checkCard(%q) mismatch (-want +got):\n%s", tt.path, diff)
			}
		})
	}
}

// FuzzParseCard decodes any bytes as a card file: no panic, and every error names the file.
func FuzzParseCard(f *testing.F) {
	sample, err := cardFS.ReadFile("cards/sample-2026.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(sample))
	f.Add("card:\n  lines:\n    - {id: K1, pattern: [\"FF 1111a 2222a 3333a\", \"FF 1111a 2222b 3333c\"], value: 25}\n")
	f.Add("card:\n  defaults: {value: 25, x: [1, 3]}\n  lines:\n    - {id: K1, pattern: \"FF XXa XXb XX+1a XX+1b XX+2a XX+2b\"}\n")
	f.Add("card: [1, 2]\n")
	for _, p := range []string{"testdata/cards/short-forms.yaml", "testdata/cards/long-forms.yaml"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, s string) {
		card, err := ParseCard([]byte(s), "fuzz.yaml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.yaml") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(card.Lines) == 0 {
			t.Fatal("a card without lines loaded")
		}
	})
}

// TestShortForms compiles a card written with every short form of the card language and the same
// card written the long way: each line must stand for the same concrete hands.
func TestShortForms(t *testing.T) {
	short, err := LoadCardFrom(nil, "testdata/cards/short-forms.yaml")
	if err != nil {
		t.Fatal(err)
	}
	long, err := LoadCardFrom(nil, "testdata/cards/long-forms.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(short.Lines) != len(long.Lines) {
		t.Fatalf("%d short lines, %d long ones", len(short.Lines), len(long.Lines))
	}
	for _, s := range short.Lines {
		t.Run(s.ID, func(t *testing.T) {
			l := long.Line(s.ID)
			if l == nil {
				t.Fatalf("no long form of %s", s.ID)
			}
			if s.Hands() == 0 {
				t.Fatalf("%s stands for no hand", s.ID)
			}
			if diff := cmp.Diff(l.HandTexts(), s.HandTexts()); diff != "" {
				t.Errorf("%s %q: hands differ from the long form %q (-long +short):\n%s", s.ID, s.Pattern, l.Pattern, diff)
			}
		})
	}
}

// TestReadmeCardExamples compiles every example line of the README's card language reference, so
// each short form shown there is one a card may really use.
func TestReadmeCardExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("card:\n  name: readme\n  defaults: {value: 25}\n  lines:\n")
	n := 0
	for _, ln := range strings.Split(string(data), "\n") {
		i := strings.Index(ln, "`{id: ")
		if !strings.HasPrefix(ln, "| ") || i < 0 {
			continue
		}
		j := strings.Index(ln[i+1:], "}`")
		if j < 0 {
			t.Fatalf("README line %q: example not closed", ln)
		}
		b.WriteString("    - " + strings.ReplaceAll(ln[i+1:i+2+j], `\|`, "|") + "\n")
		n++
	}
	if n < 20 {
		t.Fatalf("found %d example lines in the README's card language reference, want every short form", n)
	}
	card, err := ParseCard([]byte(b.String()), "README.md")
	if err != nil {
		t.Fatalf("README examples:\n%s\n%v", b.String(), err)
	}
	for _, l := range card.Lines {
		if l.Hands() == 0 {
			t.Errorf("README example %s stands for no hand", l.ID)
		}
	}
}

// A card file is checked as a ruleset file is: a mapping of too many keys is refused at its line.
func TestCardLimits(t *testing.T) {
	data := "card:\n  name: big\n  lines:\n    - {" + strings.Repeat("id: x, ", 501) + "}\n"
	_, err := ParseCard([]byte(data), "big.yaml")
	if err == nil || err.Error() != "big.yaml:4: a mapping of more than 500 keys: the limit is 500 in one mapping" {
		t.Errorf("ParseCard = %v", err)
	}
}

// On the command line too, a file that is not a card is refused without a word of what it holds.
func TestCardFileNotACard(t *testing.T) {
	p := filepath.Join(t.TempDir(), "shadow")
	if err := os.WriteFile(p, []byte("root:*:19000:0:99999:7:::\nalice: $6$salt$SECRET\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := LoadCardFrom(nil, p)
	want := p + ":1: not a card file: a card file is a YAML mapping with a card: key holding name, year and the lines"
	if err == nil || err.Error() != want {
		t.Errorf("LoadCardFrom = %v, want %s", err, want)
	}
}

// With rulesets.NoFiles a card file is refused in the same words whether or not it is there, and
// its contents are never quoted.
func TestCardNoFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), strings.Repeat("d", 80))
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(dir, "shadow")
	if err := os.WriteFile(secret, []byte("alice:$6$salt$SECRET:19000:0:99999:7:::\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nosuch")
	_, there := LoadCardFrom(rulesets.NoFiles, secret)
	_, gone := LoadCardFrom(rulesets.NoFiles, missing)
	if there == nil || gone == nil {
		t.Fatalf("loaded: %v / %v", there, gone)
	}
	if strings.Contains(there.Error(), "SECRET") || strings.Contains(there.Error(), "alice") {
		t.Errorf("the error quotes the file: %v", there)
	}
	if a, b := strings.ReplaceAll(there.Error(), secret, "PATH"), strings.ReplaceAll(gone.Error(), missing, "PATH"); a != b {
		t.Errorf("a file that is there: %s\nand one that is not: %s", a, b)
	}
}

// checkCard loads a card as LoadCardFrom does and returns each line with its number of concrete hands
// (what `mjref card check FILE` prints). The error joins every problem found, a line left out
// included.
func checkCard(nameOrPath string) ([]am.LineInfo, error) {
	c, err := LoadCardFrom(nil, nameOrPath)
	if err != nil {
		return nil, err
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	return c.Info(), nil
}
