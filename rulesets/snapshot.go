package rulesets

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Decoding a built-in ruleset's YAML (parsing it, checking it strictly, merging what it extends,
// finding every rule's line) costs milliseconds, more than scoring a hand. So the built-ins are
// decoded when the program is built: go generate writes each resolved ruleset as a Go value in
// snapshot_gen.go, and Load takes that instead, then validates it as usual (which also prepares
// what the scorers need). A snapshot is used only while the checksums of the files it came from
// match the embedded files: one made before a ruleset file changed is ignored, never trusted.
// TestSnapshotCurrent fails until it is regenerated (also after a change to the ruleset types):
//
//	go generate ./rulesets
//
// The generator builds with the tag mjref_nosnapshot, which leaves snapshot_gen.go out, so it runs
// even when a change to the ruleset types has made the old snapshot fail to compile.
//
//go:generate go run -tags mjref_nosnapshot ./internal/snapshot

// snapshot is one built-in ruleset as go generate decoded it.
type snapshot struct {
	// sums are the checksums of the files it was decoded from: the ruleset and each it extends.
	sums  []fileSum
	build func() *Ruleset // the value the YAML decodes to, before validation
}

type fileSum struct {
	name string // a built-in ruleset
	crc  uint32 // fileCRC of its file
}

// fromSnapshot returns the built-in ruleset name from its snapshot, validated, or nil when there is
// no current snapshot for it (Load then reads the YAML).
func fromSnapshot(name string) *Ruleset {
	snap, ok := snapshots[name]
	if !ok {
		return nil
	}
	for _, f := range snap.sums {
		if fileCRC(f.name) != f.crc {
			return nil // the file changed since go generate: read it
		}
	}
	rs := snap.build()
	rs.snapshot = name
	if err := (&loader{}).validate(rs, nil); err != nil {
		return nil
	}
	return rs
}

// castagnoli is made on the first checksum: building its tables at start-up cost every command
// a tenth of a millisecond.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// fileCRC is the checksum of a built-in ruleset's file (0 when there is none). A snapshot checks
// the files it came from with it: a change, not an attack, is what it detects.
func fileCRC(name string) uint32 {
	b, err := builtinFS.ReadFile("builtin/" + name + ".yaml")
	if err != nil {
		return 0
	}
	return crc32.Checksum(b, castagnoli())
}

// shapeCRC is the checksum of the exported shape (field names, types and tags) of the types a
// ruleset decodes into. The snapshot records it, so TestSnapshotCurrent notices a type change that
// no ruleset file shows.
func shapeCRC() uint32 {
	return crc32.Checksum(appendShape(nil, reflect.TypeFor[Ruleset](), map[reflect.Type]bool{}), castagnoli())
}

// appendShape appends t's exported structure, depth first, each type once.
func appendShape(b []byte, t reflect.Type, seen map[reflect.Type]bool) []byte {
	if seen[t] {
		return b
	}
	seen[t] = true
	b = append(b, t.PkgPath()...)
	b = append(b, ' ')
	b = append(b, t.String()...)
	b = append(b, ' ')
	b = append(b, t.Kind().String()...)
	b = append(b, '\n')
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		b = appendShape(b, t.Elem(), seen)
	case reflect.Map:
		b = appendShape(b, t.Key(), seen)
		b = appendShape(b, t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			b = append(b, '\t')
			b = append(b, f.Name...)
			b = append(b, ' ')
			b = append(b, f.Type.String()...)
			b = append(b, ' ')
			b = append(b, f.Tag...)
			b = append(b, '\n')
			b = appendShape(b, f.Type, seen)
		}
	}
	return b
}

// SnapshotSource returns snapshot_gen.go before gofmt: every built-in ruleset decoded from its
// YAML, written as a Go value. go generate formats it and writes it (see rulesets/internal/snapshot);
// formatting is left to the caller so mjref itself does not link the Go parser.
func SnapshotSource() ([]byte, error) {
	g := &goWriter{imports: map[string]bool{}}
	names := embeddedNames() // a registered section's rulesets are read from their YAML
	slices.Sort(names)
	var body bytes.Buffer
	for _, name := range names {
		rs, err := loadYAML(name)
		if err != nil {
			return nil, fmt.Errorf("snapshot %s: %w", name, err)
		}
		rs.node = nil
		rs.Card = nil // validate loads the card
		fmt.Fprintf(&body, "\t%q: {\n\t\tsums: []fileSum{", name)
		for file, depth := name, 0; file != "" && depth < 10; depth++ {
			fmt.Fprintf(&body, "{%q, 0x%08x}, ", file, fileCRC(file))
			parent, err := loadYAML(file)
			if err != nil {
				return nil, fmt.Errorf("snapshot %s: %w", name, err)
			}
			file = parent.Extends
		}
		body.WriteString("},\n\t\tbuild: func() *Ruleset {\n\t\t\treturn ")
		if err := g.value(&body, reflect.ValueOf(rs)); err != nil {
			return nil, fmt.Errorf("snapshot %s: %w", name, err)
		}
		body.WriteString("\n\t\t},\n\t},\n")
	}
	var src bytes.Buffer
	src.WriteString("// Code generated by go generate ./rulesets (internal/snapshot); DO NOT EDIT.\n\n")
	src.WriteString("//go:build !mjref_nosnapshot\n\npackage rulesets\n\n")
	if len(g.imports) > 0 {
		src.WriteString("import (\n")
		for _, p := range slices.Sorted(mapKeys(g.imports)) {
			fmt.Fprintf(&src, "\t%q\n", p)
		}
		src.WriteString(")\n\n")
	}
	fmt.Fprintf(&src, "// snapshotShape is shapeCRC when the snapshots were made (see TestSnapshotCurrent).\nconst snapshotShape = 0x%08x\n\n", shapeCRC())
	src.WriteString("// snapshots are the built-in rulesets as their YAML decodes, before validation.\n")
	src.WriteString("var snapshots = map[string]snapshot{\n")
	src.Write(body.Bytes())
	src.WriteString("}\n\n")
	src.WriteString("func ptr[T any](v T) *T { return &v }\n")
	return src.Bytes(), nil
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// goWriter writes values as Go expressions and records the packages they name.
type goWriter struct {
	imports map[string]bool
}

const thisPkg = "github.com/mjref/mjref/rulesets"

// typeName is t as Go source names it here.
func (g *goWriter) typeName(t reflect.Type) string {
	g.noteImports(t)
	return strings.ReplaceAll(t.String(), "rulesets.", "")
}

func (g *goWriter) noteImports(t reflect.Type) {
	if t.Name() != "" {
		if p := t.PkgPath(); p != "" && p != thisPkg {
			g.imports[p] = true
		}
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		g.noteImports(t.Elem())
	case reflect.Map:
		g.noteImports(t.Key())
		g.noteImports(t.Elem())
	}
}

// value writes v as a Go expression. Unexported fields are left out: validation rebuilds them.
func (g *goWriter) value(w *bytes.Buffer, v reflect.Value) error {
	t := v.Type()
	switch t.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			w.WriteString("nil")
			return nil
		}
		if t.Elem().Kind() == reflect.Struct {
			w.WriteByte('&')
			return g.value(w, v.Elem())
		}
		w.WriteString("ptr(")
		if err := g.value(w, v.Elem()); err != nil {
			return err
		}
		w.WriteByte(')')
		return nil
	case reflect.Struct:
		w.WriteString(g.typeName(t))
		w.WriteString("{\n")
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() || v.Field(i).IsZero() {
				continue
			}
			w.WriteString(f.Name)
			w.WriteString(": ")
			if err := g.value(w, v.Field(i)); err != nil {
				return fmt.Errorf("%s.%s: %w", t, f.Name, err)
			}
			w.WriteString(",\n")
		}
		w.WriteString("}")
		return nil
	case reflect.Map:
		if v.IsNil() {
			w.WriteString("nil")
			return nil
		}
		w.WriteString(g.typeName(t))
		w.WriteString("{\n")
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		for _, k := range keys {
			if err := g.value(w, k); err != nil {
				return err
			}
			w.WriteString(": ")
			if err := g.value(w, v.MapIndex(k)); err != nil {
				return err
			}
			w.WriteString(",\n")
		}
		w.WriteString("}")
		return nil
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && v.IsNil() {
			w.WriteString("nil")
			return nil
		}
		w.WriteString(g.typeName(t))
		w.WriteString("{")
		for i := range v.Len() {
			if err := g.value(w, v.Index(i)); err != nil {
				return err
			}
			w.WriteString(", ")
		}
		w.WriteString("}")
		return nil
	}
	var lit string
	switch t.Kind() {
	case reflect.Bool:
		lit = strconv.FormatBool(v.Bool())
	case reflect.String:
		lit = strconv.Quote(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lit = strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		lit = strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		lit = strconv.FormatFloat(v.Float(), 'g', -1, 64)
	default:
		return fmt.Errorf("cannot write a %s as Go", t)
	}
	if t.Name() != "" && t.PkgPath() != "" || t.Kind() != reflect.Bool && t.Kind() != reflect.String && t.Kind() != reflect.Int {
		// A named or sized type: convert, so the constant takes the field's type.
		lit = g.typeName(t) + "(" + lit + ")"
	}
	w.WriteString(lit)
	return nil
}
