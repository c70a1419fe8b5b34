package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// The documents mjref prints in the tests can be handed to a validator nobody here wrote
// (.ci/validate-documents.py, python-jsonschema over schema/): with MJREF_SCHEMA_DUMP=DIR set,
// every run of mjref by a testscript or by the contract test in a machine format (json, jsonl,
// yaml) writes DIR/NNN.json: the command line, its exit status, the format, what it printed on each
// stream and the schemas its result may be a document of. .ci/run sets it for the README's test
// command and runs the validator over what was written.
const dumpEnv = "MJREF_SCHEMA_DUMP"

// dumped is a run of mjref as the validator reads it.
type dumped struct {
	Args   []string `json:"args"`
	Code   int      `json:"code"`
	Format string   `json:"format"`
	Stdout string   `json:"stdout"`
	Stderr string   `json:"stderr"`
	// Schemas are the schema files (without .json) a result on standard output may be a document
	// of: the ones the contract test's cases of the same command use. Errors are error.json's,
	// a batch's bad lines batch-error.json's, whatever the command.
	Schemas []string `json:"schemas"`
	Batch   bool     `json:"batch"`
}

var dumpSeq atomic.Int64

// dumpRun writes one run into the dump directory, when there is one and the run printed in a
// machine format. Runs of commands the contract test has no case for (help, completion, man) are
// left out.
func dumpRun(args []string, code int, stdout, stderr string) {
	dir := os.Getenv(dumpEnv)
	if dir == "" {
		return
	}
	format := outputFormatOf(args)
	if format != FormatJSON && format != FormatJSONL && format != FormatYAML {
		return
	}
	path, batch := commandPath(args)
	cases := dumpCases()
	schemas := cases.schemas[path]
	if len(schemas) == 0 || format == FormatYAML && cases.yamlIsFile[path] {
		return
	}
	d := dumped{Args: args, Code: code, Format: format, Stdout: stdout, Stderr: stderr, Schemas: schemas, Batch: batch}
	b, err := json.Marshal(d)
	if err != nil {
		return
	}
	name := fmt.Sprintf("%d-%d.json", os.Getpid(), dumpSeq.Add(1))
	_ = os.WriteFile(filepath.Join(dir, name), b, 0o644)
}

// outputFormatOf is the format a command line asks for (-o, --json, else MJREF_OUTPUT), as mjref
// reads it for its errors; "" when --json and -o disagree (an error about the format itself).
func outputFormatOf(args []string) string {
	format := errorFormat(args, "")
	if slices.Contains(args, "--json") && format != FormatJSON {
		return ""
	}
	return format
}

// commandPath is the command a command line runs ("ledger add") and whether it reads a batch
// from standard input (an argument "-").
func commandPath(args []string) (string, bool) {
	root := newRootCmd(&factory{IO: &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}})
	c, rest, err := root.Find(args)
	if err != nil || c == root {
		return "", false
	}
	return strings.TrimPrefix(c.CommandPath(), root.Name()+" "), slices.Contains(rest, "-") && strings.HasSuffix(c.Use, "| -")
}

// dumpCaseMap is what the contract test's cases say of each command path.
type dumpCaseMap struct {
	schemas    map[string][]string
	yamlIsFile map[string]bool
}

// dumpCases maps each command path to the schemas its contract-test cases use, and names the
// commands whose -o yaml prints a file of its own format (rules show), once for every run.
var dumpCases = sync.OnceValue(func() dumpCaseMap {
	root := newRootCmd(&factory{IO: &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}})
	m := dumpCaseMap{schemas: map[string][]string{}, yamlIsFile: map[string]bool{}}
	for _, c := range outputCases() {
		if c.schema == "" {
			continue
		}
		cmd, _, err := root.Find(c.args)
		if err != nil {
			continue
		}
		k := strings.TrimPrefix(cmd.CommandPath(), root.Name()+" ")
		if c.yamlIsFile {
			m.yamlIsFile[k] = true
		}
		if !slices.Contains(m.schemas[k], c.schema) {
			m.schemas[k] = append(m.schemas[k], c.schema)
		}
	}
	return m
})

// teeWriter keeps a copy of what passes through it.
type teeWriter struct {
	w   io.Writer
	buf bytes.Buffer
}

func (t *teeWriter) Write(p []byte) (int, error) {
	t.buf.Write(p)
	return t.w.Write(p)
}
