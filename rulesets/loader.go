package rulesets

import (
	"bytes"
	"cmp"
	"encoding"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/textdist"
	"github.com/mjref/mjref/internal/yamldoc"
	"github.com/mjref/mjref/scoring"
	"go.yaml.in/yaml/v3"
)

// Default is the ruleset used when none is named.
const Default = "hk"

// Error is a problem in a ruleset file: which file, which YAML line (0 when unknown) and what is wrong.
type Error struct {
	File string
	Line int
	Msg  string
	// Key and Set name a value given on the command line: File is "--set", Key the value's path
	// ("hk.cap") and Set the override as typed ("cap=2"), so the error reads "hk.cap (from --set
	// cap=2): ...".
	Key, Set string
	// Err is the underlying error when the file could not be read (a *safeio.LimitError, a
	// *safeio.NotRegularError, an *fs.PathError), else nil.
	Err error
}

// Unwrap returns the read error behind e, if any.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	if e.File == "--set" && e.Set != "" {
		set := e.Set
		if utf8.RuneCountInString(set) > termtext.ExcerptWidth {
			set = quote(set) // a 1 MB --set does not make a 1 MB message
		}
		return fmt.Sprintf("%s (from --set %s): %s", e.Key, set, e.Msg)
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// ErrRuleset matches every *Error with errors.Is.
var ErrRuleset = errors.New("ruleset error")

// Is lets errors.Is(err, ErrRuleset) match.
func (e *Error) Is(target error) bool { return target == ErrRuleset }

// Info describes a built-in ruleset for listings.
type Info struct {
	Name        string `json:"name" yaml:"name"`
	Family      string `json:"family" yaml:"family"`
	Extends     string `json:"extends,omitempty" yaml:"extends,omitempty"`
	Description string `json:"description" yaml:"description"`
}

// Builtins lists the built-in rulesets in reading order (see readingOrder): hk first.
func Builtins() []Info {
	var out []Info
	for _, name := range builtinNames() {
		rs, err := Load(name)
		if err != nil {
			out = append(out, Info{Name: name, Description: "error: " + err.Error()})
			continue
		}
		out = append(out, Info{Name: rs.Name, Family: rs.Family, Extends: rs.Extends, Description: rs.Description})
	}
	fam := ""
	for _, i := range out {
		if i.Name == Default {
			fam = i.Family
		}
	}
	slices.SortStableFunc(out, func(a, b Info) int { return readingOrder(a, b, fam) })
	return out
}

// readingOrder sorts rulesets for a listing: the default first, then the rest of its family, then
// the other families by name; in a family a ruleset comes before those that extend another, then
// by name.
func readingOrder(a, b Info, defaultFamily string) int {
	rank := func(i Info) (int, string, int, string) {
		first, fam := 1, i.Family
		switch {
		case i.Name == Default:
			first = -1
		case i.Family == defaultFamily:
			first = 0
		}
		extends := 0
		if i.Extends != "" {
			extends = 1
		}
		return first, fam, extends, i.Name
	}
	af, afam, ae, an := rank(a)
	bf, bfam, be, bn := rank(b)
	return cmp.Or(cmp.Compare(af, bf), cmp.Compare(afam, bfam), cmp.Compare(ae, be), cmp.Compare(an, bn))
}

// IsBuiltin reports whether name is a built-in ruleset.
func IsBuiltin(name string) bool {
	_, err := builtinFile(name)
	return err == nil
}

// source is one YAML document and where it came from.
type source struct {
	name string // what errors call the file: "hk.yaml" or the user's path
	rs   string // the ruleset's name for Source values
	doc  *yaml.Node
}

// Load reads a ruleset by built-in name or file path, resolves extends:, applies the overrides
// ("hk.cap=13", or "cap=13" within the ruleset's family section) and validates it. A built-in
// ruleset without overrides comes from the snapshot decoded when the program was built (see
// snapshot.go), which is the same value at a fraction of the cost.
func Load(nameOrFile string, overrides ...string) (*Ruleset, error) {
	return LoadWith(LoadOptions{}, nameOrFile, overrides...)
}

// LoadOptions are choices made when a ruleset is loaded.
type LoadOptions struct {
	// Files reads the files the load opens (the ruleset named by path, what it extends:, its
	// card:); nil reads the file system. With NoFiles no key or value can make the load open a
	// file: a path anywhere is refused as no built-in ruleset or card, with the same words whether
	// or not a file is there.
	Files Files
}

// LoadWith is Load with options.
func LoadWith(opt LoadOptions, nameOrFile string, overrides ...string) (*Ruleset, error) {
	if len(overrides) == 0 && IsBuiltin(nameOrFile) {
		if rs := fromSnapshot(nameOrFile); rs != nil {
			return rs, nil
		}
	}
	return (&loader{origin: map[*yaml.Node]string{}, fsys: filesOr(opt.Files)}).load(nameOrFile, overrides...)
}

// loadYAML is Load from the YAML files themselves.
func loadYAML(nameOrFile string, overrides ...string) (*Ruleset, error) {
	return (&loader{origin: map[*yaml.Node]string{}, fsys: OSFiles}).load(nameOrFile, overrides...)
}

// load reads the ruleset nameOrFile with everything it extends, applies the overrides and
// validates it.
func (l *loader) load(nameOrFile string, overrides ...string) (*Ruleset, error) {
	merged, err := l.resolve(nameOrFile, 0)
	if err != nil {
		return nil, err
	}
	top := merged.Content[0]
	family := scalarAt(top, "family")
	if len(overrides) > MaxSets {
		return nil, &Error{File: "--set", Msg: fmt.Sprintf("%d values to set: the limit is %d", len(overrides), MaxSets)}
	}
	for _, o := range overrides {
		if err := l.override(top, family, o); err != nil {
			return nil, err
		}
	}
	target, decoded := decodeTarget()
	if err := merged.Decode(target); err != nil {
		return nil, l.yamlError(l.first, err)
	}
	fillSources(reflect.ValueOf(target), top, l.origin)
	rs := decoded()
	rs.File = l.first
	rs.Extends = l.extends
	rs.node = top
	if sec, ok := lookupSection(rs.Family); ok && sec.Decoded != nil {
		sec.Decoded(&Prep{Ruleset: rs, l: l, top: top})
	}
	if err := l.validate(rs, top); err != nil {
		return nil, err
	}
	return rs, nil
}

type loader struct {
	origin  map[*yaml.Node]string // node -> ruleset name it came from
	files   map[*yaml.Node]string // node -> file name for errors
	sets    map[*yaml.Node]string // node -> the --set that wrote it ("cap=2")
	builtin map[string]bool       // the file names (as in files) of built-in rulesets
	first   string                // the file asked for
	// upload is a ruleset sent as text (see LoadUploaded), read as the file uploadName; with it
	// no file is read: it may extend built-in rulesets and name built-in cards only.
	upload     []byte
	uploadName string
	extends    string // what it extends
	// fsys reads the files the load opens.
	fsys Files
}

func (l *loader) read(nameOrFile string) (source, error) {
	var data []byte
	var src source
	switch {
	case l.upload != nil && nameOrFile == l.uploadName:
		if !looksLikeText(l.upload) {
			return src, &Error{File: nameOrFile, Msg: "not text: a ruleset is YAML"}
		}
		data, src.name, src.rs = l.upload, nameOrFile, "upload"
	case l.upload != nil && !IsBuiltin(nameOrFile):
		return src, &Error{File: nameOrFile, Msg: fmt.Sprintf("an uploaded ruleset extends only a built-in ruleset (%s)", strings.Join(builtinNames(), ", "))}
	case IsBuiltin(nameOrFile):
		b, err := builtinFile(nameOrFile)
		if err != nil {
			return src, err
		}
		data, src.name, src.rs = b, nameOrFile+".yaml", nameOrFile
	default:
		b, err := l.fsys.ReadFile(nameOrFile, safeio.RulesetLimit)
		if err != nil {
			if errors.Is(err, ErrNoFiles) {
				// The same words for a file that is there and one that is not.
				return src, &Error{File: nameOrFile, Msg: fmt.Sprintf("no such built-in ruleset (built-in: %s); no ruleset file is read here", strings.Join(builtinNames(), ", "))}
			}
			if errors.Is(err, fs.ErrNotExist) {
				return src, &Error{File: nameOrFile, Msg: fmt.Sprintf("no such built-in ruleset or file (built-in: %s)", strings.Join(builtinNames(), ", "))}
			}
			return src, &Error{File: nameOrFile, Msg: safeio.Reason(err), Err: err}
		}
		if !looksLikeText(b) {
			return src, &Error{File: nameOrFile, Msg: "not a text file: a ruleset is YAML"}
		}
		data, src.name = b, nameOrFile
		src.rs = strings.TrimSuffix(filepath.Base(nameOrFile), filepath.Ext(nameOrFile))
	}
	if err := yamldoc.Prescan(data); err != nil {
		return src, limitError(src.name, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return src, l.yamlError(src.name, err)
	}
	if err := yamldoc.Check(&doc); err != nil {
		return src, limitError(src.name, err)
	}
	if line, msg := moreYAML(data, "ruleset"); msg != "" {
		return src, &Error{File: src.name, Line: line, Msg: msg}
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return src, &Error{File: src.name, Line: 1, Msg: "a ruleset is a YAML mapping with name:, family: and a section for its family"}
	}
	if valueAt(doc.Content[0], "name") == nil && valueAt(doc.Content[0], "family") == nil && valueAt(doc.Content[0], "extends") == nil {
		// Not a ruleset at all (--rules /etc/passwd): say so without quoting what the file holds.
		return src, &Error{File: src.name, Line: 1, Msg: "not a ruleset: a ruleset is a YAML mapping with name:, family: (or extends:) and a section for its family"}
	}
	if n := valueAt(doc.Content[0], "name"); n != nil {
		src.rs = n.Value
	}
	// Strict pass over this document alone: unknown keys and wrong types, with this file's lines.
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	probe, _ := decodeTarget()
	if err := dec.Decode(probe); err != nil {
		err = l.yamlError(src.name, err)
		var re *Error
		if errors.As(err, &re) && re.Line == 0 {
			// A value's own decoder (a game length, an amount) reports no line: find the value it names.
			re.Line = lineOfQuoted(&doc, re.Msg)
		}
		return src, err
	}
	if bad, _ := wholeNumbers(&doc, decodeType(), nil); bad != nil {
		return src, &Error{File: src.name, Line: bad.Line, Msg: fmt.Sprintf("%s is not a whole number", bad.Value)}
	}
	src.doc = &doc
	return src, nil
}

// resolve reads a ruleset and everything it extends, returning the merged document.
func (l *loader) resolve(nameOrFile string, depth int) (*yaml.Node, error) {
	if depth > 8 {
		return nil, &Error{File: nameOrFile, Msg: "extends: goes more than 8 levels deep (a cycle?)"}
	}
	src, err := l.read(nameOrFile)
	if err != nil {
		return nil, err
	}
	if depth == 0 {
		l.first = src.name
		l.extends = scalarAt(src.doc.Content[0], "extends")
	}
	if l.files == nil {
		l.files = map[*yaml.Node]string{}
	}
	mark(src.doc, src.rs, l.origin)
	mark(src.doc, src.name, l.files)
	if IsBuiltin(nameOrFile) {
		if l.builtin == nil {
			l.builtin = map[string]bool{}
		}
		l.builtin[src.name] = true
	}
	top := src.doc.Content[0]
	ext := valueAt(top, "extends")
	if ext == nil || ext.Value == "" {
		return src.doc, nil
	}
	baseName := relativeTo(nameOrFile, ext.Value, IsBuiltin)
	if baseName == nameOrFile {
		return nil, &Error{File: src.name, Line: ext.Line, Msg: "a ruleset cannot extend itself"}
	}
	base, err := l.resolve(baseName, depth+1)
	if err != nil {
		var re *Error
		if errors.As(err, &re) && re.File == baseName && re.Line == 0 {
			return nil, &Error{File: src.name, Line: ext.Line, Msg: fmt.Sprintf("extends %s: %s", quote(ext.Value), re.Msg)}
		}
		return nil, err
	}
	btop := base.Content[0]
	if bf, f := scalarAt(btop, "family"), scalarAt(top, "family"); f != "" && bf != f {
		return nil, &Error{File: src.name, Line: valueAt(top, "family").Line, Msg: fmt.Sprintf("family %s differs from the family %s of %s", quote(f), quote(bf), ext.Value)}
	}
	l.mergeMapping(btop, top)
	return base, nil
}

// relativeTo resolves a file that file names (an extends: or a card:): a built-in name as it is,
// else a relative path against file's own directory only, never the current one, so a ruleset
// means the same wherever it is run from. A built-in ruleset names built-ins only.
func relativeTo(file, name string, builtin func(string) bool) string {
	if file == "" || file == "--set" || builtin(name) || filepath.IsAbs(name) || IsBuiltin(strings.TrimSuffix(file, ".yaml")) {
		return name
	}
	return filepath.Join(filepath.Dir(file), name)
}

// limitError is a file's document over a yamldoc limit, at its line.
func limitError(file string, err error) error {
	var le *yamldoc.LimitError
	if errors.As(err, &le) {
		return &Error{File: file, Line: le.Line, Msg: le.Msg}
	}
	return &Error{File: file, Msg: err.Error()}
}

// quote quotes a value from a ruleset file for a message: Go-quoted (control characters
// escaped) and cut to an excerpt, so a 1 MB key does not make a 1 MB message.
func quote(s string) string { return strconv.Quote(termtext.Shorten(s, termtext.ExcerptWidth)) }

// looksLikeText reports whether b can be a YAML file: no NUL bytes, valid UTF-8.
func looksLikeText(b []byte) bool {
	return !bytes.Contains(b, []byte{0}) && utf8.Valid(b)
}

// zeroLines clears the lines of a node that came from the command line, so errors cite --set alone.
func zeroLines(n *yaml.Node) {
	n.Line, n.Column = 0, 0
	for _, c := range n.Content {
		zeroLines(c)
	}
}

func mark(n *yaml.Node, name string, m map[*yaml.Node]string) {
	m[n] = name
	for _, c := range n.Content {
		mark(c, name, m)
	}
}

// mergeMapping overlays over onto base: mappings merge key by key, anything else is replaced.
// A mapping that the overlay changes takes the overlay's line and file, so rules cite the file that
// last changed them.
func (l *loader) mergeMapping(base, over *yaml.Node) {
	for i := 0; i+1 < len(over.Content); i += 2 {
		k, v := over.Content[i], over.Content[i+1]
		if k.Value == "extends" {
			continue
		}
		bv := valueAt(base, k.Value)
		switch {
		case bv == nil:
			base.Content = append(base.Content, k, v)
		case bv.Kind == yaml.MappingNode && v.Kind == yaml.MappingNode:
			l.mergeMapping(bv, v)
			bv.Line, bv.Column = v.Line, v.Column
			l.origin[bv], l.files[bv] = l.origin[v], l.files[v]
		default:
			for j := 0; j+1 < len(base.Content); j += 2 {
				if base.Content[j].Value == k.Value {
					base.Content[j+1] = v
				}
			}
		}
	}
	// The result keeps the overriding file's name and description.
}

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

func scalarAt(m *yaml.Node, key string) string {
	if v := valueAt(m, key); v != nil && v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return ""
}

// nodeAt follows a key path; it returns the deepest node found and whether the whole path exists.
func nodeAt(n *yaml.Node, p []string) (*yaml.Node, bool) {
	if n == nil { // a ruleset from the snapshot has no document
		return nil, false
	}
	for _, k := range p {
		switch n.Kind {
		case yaml.MappingNode:
			v := valueAt(n, k)
			if v == nil {
				return n, false
			}
			n = v
		case yaml.SequenceNode:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(n.Content) {
				return n, false
			}
			n = n.Content[i]
		default:
			return n, false
		}
	}
	return n, true
}

// Limits on --set (and a request's "set"), checked before anything is built from them.
const (
	// MaxSets caps the values set at once.
	MaxSets = 64
	// MaxSetParts caps the parts of a key path ("hk.house_hands.mine.pattern" has four; the
	// deepest key of a built-in ruleset has five).
	MaxSetParts = 8
)

// override applies one "path=value" to the merged document.
func (l *loader) override(top *yaml.Node, family, o string) error {
	key, val, ok := strings.Cut(o, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return &Error{File: "--set", Msg: fmt.Sprintf("%s: expected key=value, e.g. hk.cap=13", quote(o))}
	}
	if n := strings.Count(key, ".") + 1; n > MaxSetParts {
		return &Error{File: "--set", Msg: fmt.Sprintf("%s: a key of %d parts: the limit is %d (hk.house_hands.ID.pattern has 4)", quote(key), n, MaxSetParts)}
	}
	p := strings.Split(key, ".")
	if slices.Contains(p, "") {
		return &Error{File: "--set", Msg: fmt.Sprintf("%s: a part of the key is empty: write e.g. hk.cap=13", quote(o))}
	}
	if p[0] == "extends" {
		// extends: is resolved when the files are read, before any --set: setting it would
		// change nothing but the name shown.
		return &Error{File: "--set", Key: key, Set: o, Msg: "extends cannot be set: write a ruleset file that extends the one you want, and give it to --rules"}
	}
	if valueAt(top, p[0]) == nil && family != "" {
		p = append([]string{family}, p...)
	}
	if err := yamldoc.Prescan([]byte(val)); err != nil {
		return &Error{File: "--set", Key: strings.Join(p, "."), Set: o, Msg: err.Error()}
	}
	var vdoc yaml.Node
	if err := yaml.Unmarshal([]byte(val), &vdoc); err != nil || len(vdoc.Content) == 0 {
		vdoc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!str", Value: val}}}
	} else if err := yamldoc.Check(&vdoc); err != nil {
		return &Error{File: "--set", Key: strings.Join(p, "."), Set: o, Msg: err.Error()}
	}
	v := vdoc.Content[0]
	if l.sets == nil {
		l.sets = map[*yaml.Node]string{}
	}
	mark(v, "--set", l.origin)
	mark(v, "--set", l.files)
	mark(v, o, l.sets)
	zeroLines(v)
	// Check the key and the value's type on their own, strictly.
	probe := &yaml.Node{Kind: yaml.MappingNode}
	cur := probe
	for i, k := range p {
		kn := &yaml.Node{Kind: yaml.ScalarNode, Value: k}
		if i == len(p)-1 {
			cur.Content = append(cur.Content, kn, v)
			break
		}
		next := &yaml.Node{Kind: yaml.MappingNode}
		cur.Content = append(cur.Content, kn, next)
		cur = next
	}
	// Fill in required siblings? No: a strict decode only needs known keys and right types.
	b, err := yaml.Marshal(probe)
	if err != nil {
		return &Error{File: "--set", Msg: err.Error()}
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	probeRS, _ := decodeTarget()
	if err := dec.Decode(probeRS); err != nil {
		msg := err.Error()
		if m := fieldRe().FindStringSubmatch(msg); m != nil {
			msg = fmt.Sprintf("unknown key %s", quote(m[2]))
		} else {
			msg = cleanYAMLMsg(msg)
		}
		return &Error{File: "--set", Key: strings.Join(p, "."), Set: o, Msg: msg}
	}
	if bad, _ := wholeNumbers(probe, decodeType(), nil); bad != nil {
		return &Error{File: "--set", Key: strings.Join(p, "."), Set: o, Msg: fmt.Sprintf("%s is not a whole number", bad.Value)}
	}
	// Apply.
	cur = top
	for i, k := range p {
		if i == len(p)-1 {
			if ex := valueAt(cur, k); ex != nil {
				*ex = *v
				mark(ex, "--set", l.files)
				mark(ex, o, l.sets)
			} else {
				cur.Content = append(cur.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, v)
			}
			break
		}
		next := valueAt(cur, k)
		if next == nil {
			next = &yaml.Node{Kind: yaml.MappingNode}
			cur.Content = append(cur.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, next)
			l.origin[next], l.files[next], l.sets[next] = "--set", "--set", o
		}
		if next.Kind != yaml.MappingNode {
			return &Error{File: "--set", Key: key, Set: o, Msg: fmt.Sprintf("%s is not a mapping", strings.Join(p[:i+1], "."))}
		}
		cur = next
	}
	return nil
}

// lineRe and fieldRe read yaml.v3's messages; compiled on the first error, not at every start.
var (
	lineRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+): (.*)`) })
	fieldRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+): field (\S+) not found in type (\S+)`) })
)

// yamlError turns a yaml.v3 error into an *Error with the first line it names.
func (l *loader) yamlError(file string, err error) error {
	var te *yaml.TypeError
	msgs := []string{yamldoc.Message(err)}
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	for _, m := range msgs {
		if f := fieldRe().FindStringSubmatch(m); f != nil {
			line, _ := strconv.Atoi(f[1])
			msg := fmt.Sprintf("unknown key %s", quote(f[2]))
			typeName := strings.TrimPrefix(f[3], "*")
			if isDecodeType(typeName) {
				typeName = "rulesets.Ruleset" // the top of the document
			}
			if near := nearestKey(f[2], typeName); near != "" {
				msg += fmt.Sprintf(": did you mean %q?", near)
			} else if typeName == "rulesets.Ruleset" {
				if homes := keyHomes(f[2]); len(homes) > 0 {
					msg += fmt.Sprintf(": it goes under %s, indented below that line", strings.Join(homes, " or "))
				}
			}
			return &Error{File: file, Line: line, Msg: msg}
		}
		if f := lineRe().FindStringSubmatch(m); f != nil {
			line, _ := strconv.Atoi(f[1])
			return &Error{File: file, Line: line, Msg: cleanYAMLMsg(f[2])}
		}
	}
	return &Error{File: file, Msg: cleanYAMLMsg(yamldoc.Message(err))}
}

// lineOfQuoted returns the line of the first scalar whose value msg quotes ("..."), or 0.
func lineOfQuoted(n *yaml.Node, msg string) int {
	if n.Kind == yaml.ScalarNode && n.Value != "" && strings.Contains(msg, strconv.Quote(n.Value)) {
		return n.Line
	}
	for _, c := range n.Content {
		if line := lineOfQuoted(c, msg); line != 0 {
			return line
		}
	}
	return 0
}

// nearestKey finds the YAML key of the struct type named typeName (as yaml.v3 names it, "hk.Rules")
// closest to key, for a did-you-mean hint; "" when nothing is close.
// keyHomes lists the sections that have key as one of their own keys, written "hk:" or
// "settlement:", so that a key written at the top of a file ("cap: 8") can be sent where it goes.
func keyHomes(key string) []string {
	has := func(t reflect.Type) bool {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return false
		}
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			if f.IsExported() && name == key && !strings.Contains(opts, "inline") {
				return true
			}
		}
		return false
	}
	var homes []string
	add := func(f reflect.StructField) {
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name != "" && name != "-" && has(f.Type) {
			homes = append(homes, name+":")
		}
	}
	rt := reflect.TypeFor[Ruleset]()
	for i := range rt.NumField() {
		add(rt.Field(i))
	}
	t := decodeType()
	for i := 1; t != rt && i < t.NumField(); i++ {
		add(t.Field(i))
	}
	return homes
}

func nearestKey(key, typeName string) string {
	var keys []string
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if t.String() == typeName && name != "-" && f.IsExported() && !strings.Contains(opts, "inline") {
				if name == "" {
					name = strings.ToLower(f.Name)
				}
				keys = append(keys, name)
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[Ruleset]())
	if typeName == "rulesets.Ruleset" {
		keys = append(keys, Families()...) // the registered sections' keys too
	}
	t := decodeType()
	for i := 1; t != reflect.TypeFor[Ruleset]() && i < t.NumField(); i++ {
		walk(t.Field(i).Type)
	}
	best, bestD := "", 3
	for _, k := range keys {
		if d := textdist.Distance(key, k); d < bestD && d <= len(k)/2 {
			best, bestD = k, d
		}
	}
	return best
}

func cleanYAMLMsg(s string) string {
	s = strings.TrimPrefix(s, "yaml: ")
	s = strings.TrimPrefix(s, "unmarshal errors:\n  ")
	if f := lineRe().FindStringSubmatch(s); f != nil {
		s = f[2]
	}
	return humanUnmarshal(s)
}

var unmarshalRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("cannot unmarshal !!(\\w+)(?: `([^`]*)`)? into (\\S+)")
}) // compiled when first needed, not at every start

// humanUnmarshal rewrites the decoder's "cannot unmarshal !!str `abc` into int" as `"abc" is not a
// whole number`, naming what the key takes instead of a Go type.
func humanUnmarshal(s string) string {
	m := unmarshalRe().FindStringSubmatch(s)
	if m == nil {
		return s
	}
	want := describeType(m[3])
	got := strconv.Quote(m[2])
	switch m[1] {
	case "map":
		got = "a mapping"
	case "seq":
		got = "a list"
	}
	return strings.Replace(s, m[0], got+" is not "+want, 1)
}

// describeType says in words what a value of the Go type named as yaml.v3 names it takes.
func describeType(name string) string {
	switch strings.TrimPrefix(name, "*") {
	case "int", "int8", "int16", "int32", "int64":
		return "a whole number"
	case "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number (0 or more)"
	case "float32", "float64":
		return "a number"
	case "bool":
		return "true or false"
	case "string":
		return "text"
	}
	if strings.HasPrefix(name, "[]") {
		return "a list"
	}
	if strings.HasPrefix(name, "map[") {
		return "a mapping"
	}
	var found reflect.Type
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if found != nil || seen[t] {
			return
		}
		seen[t] = true
		if t.String() == strings.TrimPrefix(name, "*") {
			found = t
			return
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Array:
			walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				walk(t.Field(i).Type)
			}
		}
	}
	walk(decodeType())
	if found == nil {
		return "the kind of value this key takes"
	}
	switch found.Kind() {
	case reflect.Struct:
		var keys []string
		for i := range found.NumField() {
			f := found.Field(i)
			if k, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); k != "" && k != "-" && f.IsExported() {
				keys = append(keys, k)
			}
		}
		return "a mapping: this key holds " + strings.Join(keys, ", ")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "text"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map:
		return "a mapping"
	}
	return "the kind of value this key takes"
}

// validator is implemented by every ruleset section.
type validator interface{ Validate() error }

func (l *loader) validate(rs *Ruleset, top *yaml.Node) error {
	fail := func(p []string, msg string) error { return l.fail(rs, top, p, msg) }
	if rs.Name == "" {
		return fail(nil, "missing name:")
	}
	if _, ok := lookupSection(rs.Family); !ok {
		return fail([]string{"family"}, fmt.Sprintf("family %s: expected %s", quote(rs.Family), familyList()))
	}
	want := rs.Section()
	if want == nil {
		return fail(nil, fmt.Sprintf("family %s needs a %s: section", rs.Family, rs.Family))
	}
	for _, name := range slices.Sorted(slices.Values(Families())) {
		if name != rs.Family && rs.sectionOf(name) != nil {
			return fail([]string{name}, fmt.Sprintf("a %s ruleset cannot have a %s: section", rs.Family, name))
		}
	}
	check := func(section string, v any) error {
		if v == nil || reflect.ValueOf(v).IsNil() {
			return nil
		}
		val, ok := v.(validator)
		if !ok {
			return nil
		}
		err := val.Validate()
		if err == nil {
			return nil
		}
		var re *scoring.RuleError
		if errors.As(err, &re) {
			return fail(append([]string{section}, re.Path...), re.Msg)
		}
		return fail([]string{section}, err.Error())
	}
	if err := check(rs.Family, want); err != nil {
		return err
	}
	sec, _ := lookupSection(rs.Family)
	p := &Prep{Ruleset: rs, l: l, top: top}
	if sec.Prepare != nil {
		if err := sec.Prepare(p); err != nil {
			return err
		}
	}
	if err := check("settlement", any(rs.Settlement)); err != nil {
		return err
	}
	if sec.Finish != nil {
		if err := sec.Finish(p); err != nil {
			return err
		}
	}
	if err := check("flow", any(rs.Flow)); err != nil {
		return err
	}
	return check("referee", any(rs.Referee))
}

// fail is an error about the value at key path p of ruleset rs (document top, nil for a
// snapshot), cited at the line that wrote it or at the user's value beside it that msg names.
func (l *loader) fail(rs *Ruleset, top *yaml.Node, p []string, msg string) error {
	if top == nil { // a snapshot: no lines to cite
		return &Error{File: rs.File, Msg: strings.Join(p, ".") + ": " + msg}
	}
	n, _ := nodeAt(top, p)
	n, p = l.userSibling(top, n, p, msg)
	if l.files[n] == "--set" {
		return &Error{File: "--set", Key: strings.Join(p, "."), Set: l.sets[n], Msg: msg}
	}
	return &Error{File: l.files[n], Line: n.Line, Msg: msg}
}

// userSibling re-points an error about a value the user did not write (one inherited through
// extends:) to the value beside it that the user did write and the message names: "minimum faan 3 is
// above the cap 2" is about the user's "cap: 2", not the built-in's min_faan line.
func (l *loader) userSibling(top, n *yaml.Node, p []string, msg string) (*yaml.Node, []string) {
	// rank: 2 for a value from --set, 1 from the user's own files, 0 inherited from a built-in.
	rank := func(v *yaml.Node) int {
		switch {
		case l.files[v] == "--set":
			return 2
		case l.files[v] != "" && !l.builtin[l.files[v]]:
			return 1 // a file the user wrote, this one or one it extends
		}
		return 0
	}
	if n == nil || rank(n) == 2 || len(p) == 0 {
		return n, p
	}
	parent, ok := nodeAt(top, p[:len(p)-1])
	if !ok || parent.Kind != yaml.MappingNode {
		return n, p
	}
	for i := 0; i+1 < len(parent.Content); i += 2 {
		k, v := parent.Content[i], parent.Content[i+1]
		if k.Value == p[len(p)-1] || rank(v) <= rank(n) {
			continue
		}
		word := regexp.MustCompile(`\b` + regexp.QuoteMeta(strings.ReplaceAll(k.Value, "_", " ")) + `\b`)
		if word.MatchString(msg) || strings.Contains(msg, k.Value) {
			return v, append(slices.Clone(p[:len(p)-1]), k.Value)
		}
	}
	return n, p
}

var sourceType = reflect.TypeFor[scoring.Source]()

// fillSources sets every scoring.Source field named Source to the ruleset and line of the YAML
// mapping its struct was decoded from.
func fillSources(v reflect.Value, n *yaml.Node, origin map[*yaml.Node]string) {
	if n == nil || !v.IsValid() {
		return
	}
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Struct:
		t := v.Type()
		if n.Kind == yaml.ScalarNode {
			// The plain form of a rule (robbing_kong: self-draw) cites its own line; a value from
			// --set has none.
			if n.Line == 0 {
				return
			}
			if f, ok := t.FieldByName("Source"); ok && f.Type == sourceType && len(f.Index) == 1 && f.IsExported() {
				if fv := v.Field(f.Index[0]); fv.CanSet() {
					fv.Set(reflect.ValueOf(scoring.Source{Ruleset: origin[n], Line: n.Line}))
				}
			}
			return
		}
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			fv := v.Field(i)
			if f.Name == "Source" && f.Type == sourceType {
				if fv.CanSet() {
					fv.Set(reflect.ValueOf(scoring.Source{Ruleset: origin[n], Line: n.Line}))
				}
				continue
			}
			tag := f.Tag.Get("yaml")
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" {
				continue
			}
			if strings.Contains(opts, "inline") {
				fillSources(fv, n, origin)
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			fillSources(fv, valueAt(n, name), origin)
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode || v.Type().Key().Kind() != reflect.String {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := reflect.ValueOf(n.Content[i].Value).Convert(v.Type().Key())
			ev := v.MapIndex(key)
			if !ev.IsValid() {
				continue
			}
			cp := reflect.New(ev.Type()).Elem()
			cp.Set(ev)
			fillSources(cp, n.Content[i+1], origin)
			v.SetMapIndex(key, cp)
		}
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return
		}
		for i := 0; i < v.Len() && i < len(n.Content); i++ {
			fillSources(v.Index(i), n.Content[i], origin)
		}
	}
}

// YAML returns the resolved ruleset as YAML, inherited values included, comments kept.
func (rs *Ruleset) YAML() ([]byte, error) {
	if rs.node == nil && rs.snapshot != "" {
		full, err := loadYAML(rs.snapshot)
		if err != nil {
			return nil, err
		}
		return full.YAML()
	}
	if rs.node == nil {
		return yaml.Marshal(rs)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(rs.node); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Raw returns a built-in ruleset's file exactly as embedded: the lines that scores cite.
func Raw(name string) ([]byte, error) {
	if !IsBuiltin(name) {
		return nil, &Error{File: name, Msg: fmt.Sprintf("no such built-in ruleset (built-in: %s)", strings.Join(builtinNames(), ", "))}
	}
	return builtinFile(name)
}

// wholeNumbers finds a number with a fraction written where a whole number goes ("min_faan: 1.5"):
// the YAML decoder would drop the fraction without a word, and a table would pay on the wrong value.
// It follows the document along the Go type t and returns the node and the path of the first such
// number, or nil.
func wholeNumbers(n *yaml.Node, t reflect.Type, path []string) (*yaml.Node, []string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if pt := reflect.PointerTo(t); pt.Implements(reflect.TypeFor[yaml.Unmarshaler]()) || pt.Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
		return nil, nil // the type reads its own values (and reports its own errors)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			if bad, p := wholeNumbers(c, t, path); bad != nil {
				return bad, p
			}
		}
	case yaml.ScalarNode:
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if n.Tag == "!!float" || (n.Tag == "" && strings.ContainsAny(n.Value, ".eE") && !strings.HasPrefix(n.Value, "0x")) {
				if f, err := strconv.ParseFloat(n.Value, 64); err == nil && f != float64(int64(f)) {
					return n, path
				}
			}
		}
	case yaml.SequenceNode:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			for i, c := range n.Content {
				if bad, p := wholeNumbers(c, t.Elem(), append(path, strconv.Itoa(i))); bad != nil {
					return bad, p
				}
			}
		}
	case yaml.MappingNode:
		switch t.Kind() {
		case reflect.Map:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if bad, p := wholeNumbers(n.Content[i+1], t.Elem(), append(path, n.Content[i].Value)); bad != nil {
					return bad, p
				}
			}
		case reflect.Struct:
			fields := yamlFields(t)
			for i := 0; i+1 < len(n.Content); i += 2 {
				ft, ok := fields[n.Content[i].Value]
				if !ok {
					continue
				}
				if bad, p := wholeNumbers(n.Content[i+1], ft, append(path, n.Content[i].Value)); bad != nil {
					return bad, p
				}
			}
		}
	}
	return nil, nil
}

// yamlFields maps the YAML keys of a struct type (inline fields flattened) to their types.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				maps.Copy(m, yamlFields(ft))
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		m[name] = f.Type
	}
	return m
}
