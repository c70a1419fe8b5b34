package rulesets

import (
	"errors"
	"maps"
	"sync"

	"github.com/mjref/mjref/internal/safeio"
)

// Files is where loading a ruleset reads the files it opens: the ruleset named by path, each
// file it extends: and the card file it names. Built-in rulesets and cards are not files: they
// are read whatever Files says.
type Files interface {
	// ReadFile returns the file's bytes, at most limit of them: an error matching fs.ErrNotExist
	// when there is no such file, ErrNoFiles when this Files does not open it.
	ReadFile(path string, limit int64) ([]byte, error)
}

// ErrNoFiles is the refusal of a Files that opens no file, or not that one. The refusal is
// the same whether or not a file is there, so it tells nothing about the file system.
var ErrNoFiles = errors.New("no file is read here")

// OSFiles reads the file system, bounded and regular files only (internal/safeio): what the
// command line loads with.
var OSFiles Files = osFiles{}

// NoFiles opens no file at all: a load with it plays built-in rulesets and cards only, whatever
// a key or a value says. Rulesets sent over HTTP load with it.
var NoFiles Files = Kept(nil)

type osFiles struct{}

func (osFiles) ReadFile(path string, limit int64) ([]byte, error) {
	return safeio.ReadFile(path, limit)
}

// Kept serves the files given (path to content) from memory and refuses every other path with
// ErrNoFiles, opening nothing. The server loads requests with the files it was started with.
func Kept(files map[string][]byte) Files { return kept(maps.Clone(files)) }

type kept map[string][]byte

func (k kept) ReadFile(path string, limit int64) ([]byte, error) {
	b, ok := k[path]
	if !ok {
		return nil, ErrNoFiles
	}
	if int64(len(b)) > limit {
		return nil, &safeio.LimitError{Name: path, Limit: limit}
	}
	return b, nil
}

// Recorder reads through another Files and keeps what it read, so that Kept can serve the same
// files again without opening them.
type Recorder struct {
	From Files
	mu   sync.Mutex
	read map[string][]byte
}

// ReadFile reads path from r.From and keeps it.
func (r *Recorder) ReadFile(path string, limit int64) ([]byte, error) {
	b, err := r.From.ReadFile(path, limit)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.read == nil {
		r.read = map[string][]byte{}
	}
	r.read[path] = b
	return b, nil
}

// Kept serves the files read so far, and no others.
func (r *Recorder) Kept() Files {
	r.mu.Lock()
	defer r.mu.Unlock()
	return Kept(r.read)
}

// filesOr is files, or the file system when nil.
func filesOr(files Files) Files {
	if files == nil {
		return OSFiles
	}
	return files
}

// StdinName is the name a ruleset or card read from standard input goes by: what its errors and
// rule citations call it ("standard input:3: unknown key ...").
const StdinName = "standard input"

// WithStdin serves data, read from standard input, as the file StdinName and reads every other
// path through from (nil: the file system): a ruleset piped in may extend a file beside it.
func WithStdin(data []byte, from Files) Files { return stdinFiles{data, filesOr(from)} }

type stdinFiles struct {
	data []byte
	from Files
}

func (s stdinFiles) ReadFile(path string, limit int64) ([]byte, error) {
	if path != StdinName {
		return s.from.ReadFile(path, limit)
	}
	if int64(len(s.data)) > limit {
		return nil, &safeio.LimitError{Name: path, Limit: limit}
	}
	return s.data, nil
}
