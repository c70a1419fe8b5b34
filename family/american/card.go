package american

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/yamldoc"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	card "github.com/mjref/mjref/scoring/american"
)

//go:embed cards/*.yaml
var cardFS embed.FS

// ListCards returns the names of the built-in American cards ("sample-2026"), sorted.
func ListCards() []string {
	entries, err := fs.ReadDir(cardFS, "cards")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// readCard returns a card file's bytes and the name its errors cite: a built-in card by name
// ("sample-2026", with or without .yaml), else a file path.
func readCard(files rulesets.Files, nameOrPath string) ([]byte, string, error) {
	if isBuiltinCard(nameOrPath) {
		base := strings.TrimSuffix(nameOrPath, ".yaml")
		data, err := cardFS.ReadFile(path.Join("cards", base+".yaml"))
		return data, base + ".yaml", err
	}
	data, err := filesOr(files).ReadFile(nameOrPath, safeio.RulesetLimit)
	if err != nil {
		if errors.Is(err, rulesets.ErrNoFiles) {
			// The same words for a file that is there and one that is not.
			return nil, "", fmt.Errorf("card %q: no built-in card of that name (%s); no card file is read here", nameOrPath, strings.Join(ListCards(), ", "))
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, "", fmt.Errorf("card %q: no built-in card of that name (%s) and no such file", nameOrPath, strings.Join(ListCards(), ", "))
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, "", fmt.Errorf("card %q: %w", nameOrPath, pe.Err)
		}
		return nil, "", fmt.Errorf("card %w", err) // "card FILE: larger than the limit of ..."
	}
	return data, nameOrPath, nil
}

// isBuiltinCard reports whether name ("sample-2026", with or without .yaml) is a built-in card.
func isBuiltinCard(name string) bool {
	base := strings.TrimSuffix(name, ".yaml")
	return !strings.ContainsAny(base, `/\`) && slices.Contains(ListCards(), base)
}

// LoadCardFrom loads a built-in card by name or a card file by path, read through files (nil:
// the file system; with rulesets.NoFiles only a built-in card loads), checks it and expands every
// line to its concrete hands. Errors name the file and YAML line: "card.yaml:12: line R1: ...".
func LoadCardFrom(files rulesets.Files, nameOrPath string) (*card.Card, error) {
	data, file, err := readCard(files, nameOrPath)
	if err != nil {
		return nil, err
	}
	return ParseCard(data, file)
}

// ParseCard decodes card YAML; file is the name errors cite.
func ParseCard(data []byte, file string) (*card.Card, error) {
	if err := yamldoc.Prescan(data); err != nil {
		return nil, limitError(file, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %s", file, yamldoc.Message(err))
	}
	if err := yamldoc.Check(&doc); err != nil {
		return nil, limitError(file, err)
	}
	if line, msg := rulesets.OneDocument(data, "card file"); msg != "" {
		if line > 0 {
			return nil, fmt.Errorf("%s:%d: %s", file, line, msg)
		}
		return nil, fmt.Errorf("%s: %s", file, msg)
	}
	d := &cardDecoder{file: file}
	spec := d.document(&doc)
	if len(d.errs) > 0 {
		// The card itself is wrong, not only some of its lines: every problem, in file order.
		errs := d.errs
		for _, ls := range spec.Lines {
			errs = append(errs, ls.Problems...)
		}
		slices.SortStableFunc(errs, func(a, b error) int { return errLine(a) - errLine(b) })
		return nil, errors.Join(errs...)
	}
	return card.Compile(spec)
}

// errLine is the YAML line a decoding problem is on.
func errLine(err error) int {
	var le *card.LineError
	if errors.As(err, &le) {
		return le.Source.Line
	}
	return 0
}

// cardDecoder walks the YAML nodes by hand so that every problem carries its line.
type cardDecoder struct {
	file string
	errs []error
}

func (d *cardDecoder) src(n *yaml.Node) scoring.Source {
	return scoring.Source{Ruleset: d.file, Line: n.Line}
}

func (d *cardDecoder) errf(n *yaml.Node, format string, args ...any) {
	d.errs = append(d.errs, &card.LineError{Source: d.src(n), Msg: fmt.Sprintf(format, args...)})
}

// lineDefaults are the line fields a card or section may set for its lines.
type lineDefaults struct {
	value          *int
	concealed      *bool
	jokerlessBonus *bool
	note           *string
	x, y           []int
	suits          []int
	relative       *bool
}

// fields iterates a mapping's key/value pairs, reporting a node that is not a mapping, duplicate keys and
// keys not in allowed.
func (d *cardDecoder) fields(n *yaml.Node, what string, allowed []string, f func(key string, k, v *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		d.errf(n, "%s must be a mapping", what)
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch {
		case !slices.Contains(allowed, k.Value):
			d.errf(k, "unknown key %q in %s: expected %s", k.Value, what, strings.Join(allowed, ", "))
			continue
		case seen[k.Value]:
			d.errf(k, "key %q given twice in %s", k.Value, what)
			continue
		}
		seen[k.Value] = true
		f(k.Value, k, v)
	}
}

func (d *cardDecoder) str(n *yaml.Node, key string) string {
	if n.Kind != yaml.ScalarNode {
		d.errf(n, "%s must be text", key)
		return ""
	}
	return n.Value
}

func (d *cardDecoder) int(n *yaml.Node, key string) int {
	if n.Kind == yaml.ScalarNode {
		if v, err := strconv.Atoi(n.Value); err == nil {
			return v
		}
	}
	d.errf(n, "%s must be a whole number, not %q", key, n.Value)
	return 0
}

func (d *cardDecoder) bool(n *yaml.Node, key string) bool {
	if n.Kind == yaml.ScalarNode {
		switch n.Value {
		case "true", "yes":
			return true
		case "false", "no":
			return false
		}
	}
	d.errf(n, "%s must be true or false, not %q", key, n.Value)
	return false
}

func (d *cardDecoder) ints(n *yaml.Node, key string) []int {
	if n.Kind != yaml.SequenceNode {
		d.errf(n, "%s must be a list of numbers, e.g. [1, 3, 5]", key)
		return nil
	}
	out := make([]int, 0, len(n.Content))
	for _, c := range n.Content {
		out = append(out, d.int(c, key))
	}
	return out
}

// numbers reads the values a number variable may take: a list ([1, 3, 5]), one number, or words:
// "odd", "even", "1-5" (a range), "not 5" or "not 1 9" (any number but those).
func (d *cardDecoder) numbers(n *yaml.Node, key string) []int {
	if n.Kind == yaml.SequenceNode {
		return d.ints(n, key)
	}
	if n.Kind != yaml.ScalarNode {
		d.errf(n, "%s must be a list of numbers such as [1, 3, 5], or odd, even, 1-5, not 5", key)
		return nil
	}
	if v, err := strconv.Atoi(n.Value); err == nil {
		return []int{v}
	}
	if vals, ok := numberWords(n.Value); ok {
		return vals
	}
	d.errf(n, "%s: %q is not a set of numbers: expected a list such as [1, 3, 5], odd, even, a range 1-5, or not 5", key, n.Value)
	return nil
}

// numberWords reads "odd", "even", "3-7", "not 5", "not 1 9" (also "any but 5", "any number but 5").
func numberWords(s string) ([]int, bool) {
	w := strings.ToLower(strings.TrimSpace(s))
	pick := func(keep func(int) bool) []int {
		var out []int
		for x := 1; x <= 9; x++ {
			if keep(x) {
				out = append(out, x)
			}
		}
		return out
	}
	switch w {
	case "odd":
		return pick(func(x int) bool { return x%2 == 1 }), true
	case "even":
		return pick(func(x int) bool { return x%2 == 0 }), true
	case "any":
		return nil, true
	}
	if lo, hi, ok := strings.Cut(w, "-"); ok {
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil || a < 1 || b > 9 || a > b {
			return nil, false
		}
		return pick(func(x int) bool { return x >= a && x <= b }), true
	}
	for _, prefix := range []string{"any number but ", "any but ", "not "} {
		if rest, ok := strings.CutPrefix(w, prefix); ok {
			var not []int
			for _, f := range strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == ',' }) {
				v, err := strconv.Atoi(f)
				if err != nil || v < 1 || v > 9 {
					return nil, false
				}
				not = append(not, v)
			}
			if len(not) == 0 {
				return nil, false
			}
			return pick(func(x int) bool { return !slices.Contains(not, x) }), true
		}
	}
	return nil, false
}

// suits reads how many suits a line's suit variables may take: 1, 2 or 3, a list [1, 2], or words
// "1 or 2", "1-2", "any" (1, 2 or 3).
func (d *cardDecoder) suits(n *yaml.Node) []int {
	const want = "suits must be a number of suits 1-3, a list such as [1, 2], or words such as \"1 or 2\" or any"
	switch n.Kind {
	case yaml.SequenceNode:
		return d.ints(n, "suits")
	case yaml.ScalarNode:
		w := strings.ToLower(strings.TrimSpace(n.Value))
		w = strings.TrimSuffix(strings.TrimSuffix(w, " suits"), " suit")
		w = strings.TrimPrefix(w, "any ")
		if w == "any" || w == "" {
			return []int{1, 2, 3}
		}
		var out []int
		for _, f := range strings.FieldsFunc(w, func(r rune) bool { return r == ' ' || r == ',' || r == '-' }) {
			if f == "or" {
				continue
			}
			v, err := strconv.Atoi(f)
			if err != nil {
				d.errf(n, "%s, not %q", want, n.Value)
				return nil
			}
			out = append(out, v)
		}
		if strings.Contains(w, "-") && len(out) == 2 && out[0] < out[1] {
			var r []int
			for v := out[0]; v <= out[1]; v++ {
				r = append(r, v)
			}
			out = r
		}
		if len(out) == 0 {
			d.errf(n, "%s, not %q", want, n.Value)
		}
		return out
	}
	d.errf(n, "%s", want)
	return nil
}

// relative reads numbers: fixed (the printed numbers only, the default) or relative (they may shift).
func (d *cardDecoder) relative(n *yaml.Node) bool {
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(n.Value) {
		case "fixed", "these":
			return false
		case "relative", "any":
			return true
		}
	}
	d.errf(n, "numbers must be fixed (these numbers only) or relative (the printed numbers may shift), not %q", n.Value)
	return false
}

var defaultKeys = []string{"value", "concealed", "jokerless_bonus", "note", "x", "y", "suits", "numbers"}

func (d *cardDecoder) defaults(n *yaml.Node, base lineDefaults) lineDefaults {
	out := base
	d.fields(n, "defaults", defaultKeys, func(key string, _, v *yaml.Node) {
		switch key {
		case "value":
			x := d.int(v, key)
			out.value = &x
		case "concealed":
			x := d.bool(v, key)
			out.concealed = &x
		case "jokerless_bonus":
			x := d.bool(v, key)
			out.jokerlessBonus = &x
		case "note":
			x := d.str(v, key)
			out.note = &x
		case "x":
			out.x = d.numbers(v, key)
		case "y":
			out.y = d.numbers(v, key)
		case "suits":
			out.suits = d.suits(v)
		case "numbers":
			x := d.relative(v)
			out.relative = &x
		}
	})
	return out
}

func (d *cardDecoder) document(doc *yaml.Node) card.CardSpec {
	spec := card.CardSpec{Source: scoring.Source{Ruleset: d.file, Line: 1}}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		d.errf(doc, "empty card file: expected a card: mapping")
		return spec
	}
	root := doc.Content[0]
	if valueAt(root, "card") == nil {
		// Not a card at all (card check /etc/shadow): say so without quoting what the file holds.
		d.errf(root, "not a card file: a card file is a YAML mapping with a card: key holding name, year and the lines")
		return spec
	}
	found := false
	d.fields(root, "the card file", []string{"card"}, func(_ string, k, v *yaml.Node) {
		found = true
		spec.Source.Line = k.Line
		d.card(v, &spec)
	})
	if !found && len(d.errs) == 0 {
		d.errf(root, "no card: key")
	}
	return spec
}

func (d *cardDecoder) card(n *yaml.Node, spec *card.CardSpec) {
	def := lineDefaults{}
	var sections, lines *yaml.Node
	d.fields(n, "card", []string{"name", "year", "defaults", "sections", "lines"}, func(key string, _, v *yaml.Node) {
		switch key {
		case "name":
			spec.Name = d.str(v, key)
		case "year":
			spec.Year = d.int(v, key)
		case "defaults":
			def = d.defaults(v, def)
		case "sections":
			sections = v
		case "lines":
			lines = v
		}
	})
	// Defaults apply whatever their place among the keys, so lines are read last. Lines written
	// straight under card: may name their section each.
	if lines != nil {
		d.lines(lines, "", true, def, spec)
	}
	if sections != nil {
		if sections.Kind != yaml.SequenceNode {
			d.errf(sections, "sections must be a list")
			return
		}
		for _, s := range sections.Content {
			d.section(s, def, spec)
		}
	}
}

func (d *cardDecoder) section(n *yaml.Node, def lineDefaults, spec *card.CardSpec) {
	name := ""
	var lines, defs *yaml.Node
	d.fields(n, "a section", []string{"name", "defaults", "lines"}, func(key string, _, v *yaml.Node) {
		switch key {
		case "name":
			name = d.str(v, key)
		case "defaults":
			defs = v
		case "lines":
			lines = v
		}
	})
	if defs != nil {
		def = d.defaults(defs, def)
	}
	if lines == nil {
		if n.Kind == yaml.MappingNode {
			d.errf(n, "section %q has no lines", name)
		}
		return
	}
	d.lines(lines, name, false, def, spec)
}

func (d *cardDecoder) lines(n *yaml.Node, section string, flat bool, def lineDefaults, spec *card.CardSpec) {
	keys := []string{"id", "pattern", "value", "concealed", "note", "x", "y", "suits", "numbers", "jokerless_bonus"}
	if flat {
		keys = append([]string{"section"}, keys...)
	}
	if n.Kind != yaml.SequenceNode {
		d.errf(n, "lines must be a list")
		return
	}
	for _, ln := range n.Content {
		ls := card.LineSpec{Section: section, JokerlessBonus: true, Source: d.src(ln)}
		// What is wrong inside a line is the line's problem: the card plays its other lines.
		before := len(d.errs)
		if def.value != nil {
			ls.Value = *def.value
		}
		if def.concealed != nil {
			ls.Concealed = *def.concealed
		}
		if def.jokerlessBonus != nil {
			ls.JokerlessBonus = *def.jokerlessBonus
		}
		if def.note != nil {
			ls.Note = *def.note
		}
		xSet, ySet, suitsSet, relSet := false, false, false, false
		d.fields(ln, "a line", keys, func(key string, _, v *yaml.Node) {
			switch key {
			case "section":
				ls.Section = d.str(v, key)
			case "id":
				ls.ID = d.str(v, key)
			case "pattern":
				d.pattern(v, &ls)
			case "value":
				ls.Value = d.int(v, key)
			case "concealed":
				ls.Concealed = d.bool(v, key)
			case "note":
				ls.Note = d.str(v, key)
			case "x":
				ls.X, xSet = d.numbers(v, key), true
			case "y":
				ls.Y, ySet = d.numbers(v, key), true
			case "suits":
				ls.Suits, suitsSet = d.suits(v), true
			case "numbers":
				ls.Relative, relSet = d.relative(v), true
			case "jokerless_bonus":
				ls.JokerlessBonus = d.bool(v, key)
			}
		})
		// A default x:, y:, suits: or numbers: applies only to the lines it can apply to.
		has := func(sym string) bool {
			return slices.ContainsFunc(ls.Pattern, func(p string) bool { return strings.ContainsAny(p, sym) })
		}
		if !relSet && def.relative != nil && has("123456789") {
			ls.Relative = *def.relative
		}
		if !xSet && (has("X") || ls.Relative) {
			ls.X = def.x
		}
		if !ySet && has("Y") {
			ls.Y = def.y
		}
		if !suitsSet && hasSuitVar(ls.Pattern) {
			ls.Suits = def.suits
		}
		ls.Problems = slices.Clone(d.errs[before:])
		d.errs = d.errs[:before]
		spec.Lines = append(spec.Lines, ls)
	}
}

// pattern reads a pattern: one string, or a list of alternatives.
func (d *cardDecoder) pattern(n *yaml.Node, ls *card.LineSpec) {
	switch n.Kind {
	case yaml.ScalarNode:
		ls.Pattern = []string{n.Value}
		ls.PatternLines = []int{n.Line}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			ls.Pattern = append(ls.Pattern, d.str(c, "a pattern alternative"))
			ls.PatternLines = append(ls.PatternLines, c.Line)
		}
	default:
		d.errf(n, "pattern must be text or a list of alternatives")
	}
}

// hasSuitVar reports whether a pattern names a suit variable (a group ending in a, b or c).
func hasSuitVar(patterns []string) bool {
	for _, p := range patterns {
		for _, f := range strings.Fields(p) {
			for _, alt := range strings.Split(f, "|") {
				if alt != "" && strings.ContainsRune("abc", rune(alt[len(alt)-1])) {
					return true
				}
			}
		}
	}
	return false
}

// filesOr is files, or the file system when nil.
func filesOr(files rulesets.Files) rulesets.Files {
	if files == nil {
		return rulesets.OSFiles
	}
	return files
}

// limitError is a card's document over a yamldoc limit, at its line.
func limitError(file string, err error) error {
	var le *yamldoc.LimitError
	if errors.As(err, &le) {
		return &rulesets.Error{File: file, Line: le.Line, Msg: le.Msg}
	}
	return &rulesets.Error{File: file, Msg: err.Error()}
}

// valueAt is the value of key in mapping m, or nil.
func valueAt(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
