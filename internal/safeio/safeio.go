// Package safeio reads files and standard input that a user or another program wrote, without
// trusting them: only regular files are read (a FIFO, a device or a directory is refused at once,
// never waited on), every read stops at a size cap for its kind, and a too-long line of standard
// input is reported with its line number instead of failing the whole run.
//
// The caps are generous for real use (the largest built-in ruleset is about 18 KB) and small
// enough that a hostile file cannot exhaust memory. Errors are typed (*LimitError,
// *NotRegularError) and name the file, the line and the limit.
package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Size caps per kind of input. They are documented in the README ("Limits") and in
// `mjref help limits`; change them there too.
const (
	// RulesetLimit caps a ruleset file, each file it extends, a card file and the
	// preferences file (--config): 1 MiB.
	RulesetLimit int64 = 1 << 20
	// LogLimit caps a referee event log, from a file or standard input: 1 MiB, some fifty
	// times a long hand's log with comments. (The referee also caps the number of events.)
	LogLimit int64 = 1 << 20
	// LedgerLimit caps a table ledger (JSON Lines, one record per hand): 64 MiB.
	LedgerLimit int64 = 64 << 20
	// FontLimit caps a font file given to ledger chart --font: 64 MiB (a CJK collection such as
	// NotoSansCJK-Regular.ttc is some 20 MiB).
	FontLimit int64 = 64 << 20
	// LineLimit caps one line of standard input for score -, parse -, waits - and
	// closest -: 64 KiB.
	LineLimit = 64 << 10
)

// LimitError reports input over its size cap. Line is the 1-based line that is too long, or 0
// when the whole file is.
type LimitError struct {
	Name  string // the file, or "standard input"
	Line  int    // the line over LineLimit, or 0 for a file over its cap
	Limit int64  // the cap in bytes
}

func (e *LimitError) Error() string { return e.Name + ": " + e.Reason() }

// Reason is the message without the file's name, for callers that name the file themselves.
func (e *LimitError) Reason() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d is longer than the limit of %s", e.Line, FormatSize(e.Limit))
	}
	return fmt.Sprintf("larger than the limit of %s for this kind of file", FormatSize(e.Limit))
}

// NotRegularError reports a path that is not a regular file: a directory, a named pipe, a device
// or a socket. Reading one could hang (a FIFO with no writer) or never end (/dev/zero).
type NotRegularError struct {
	Name string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string { return e.Name + ": " + e.Reason() }

// Reason is the message without the file's name, for callers that name the file themselves.
func (e *NotRegularError) Reason() string { return describeMode(e.Mode) + ", not a regular file" }

// Reason returns what is wrong in an error from Open, ReadFile or ReadAll without the file's
// name ("a named pipe (FIFO), not a regular file", "no such file or directory"), for callers
// whose own error type names the file.
func Reason(err error) string {
	var le *LimitError
	var nr *NotRegularError
	var pe *fs.PathError
	switch {
	case errors.As(err, &le):
		return le.Reason()
	case errors.As(err, &nr):
		return nr.Reason()
	case errors.As(err, &pe):
		return pe.Err.Error()
	}
	return err.Error()
}

func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "a special file"
}

// FormatSize writes n bytes the way the limits are documented: "64 KiB", "8 MiB", "100 bytes".
func FormatSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Open opens path for reading if it is a regular file. It never blocks on a FIFO (the open is
// non-blocking where the system has one, and the file's type is checked on the open descriptor,
// so a file swapped after a check is still caught). A path that is not a regular file gives
// *NotRegularError; a missing or unreadable one gives the *fs.PathError from os.
func Open(path string) (*os.File, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	return checkRegular(f, path)
}

// OpenReadWrite is Open for a user's file that mjref updates in place (a ledger): it opens path
// for reading and writing if it is a regular file, never blocking on a FIFO and checking the
// type on the open descriptor. A symlink is followed (the user's file may be reached through
// one); use OpenOwn's rules for files mjref creates.
func OpenReadWrite(path string) (*os.File, error) {
	f, err := openReadWriteNonBlocking(path)
	if err != nil {
		return nil, err
	}
	return checkRegular(f, path)
}

func checkRegular(f *os.File, path string) (*os.File, error) {
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Name: path, Mode: st.Mode()}
	}
	return f, nil
}

// OpenOwn is Open for a file mjref wrote itself next to a user's file (a cache): a symlink at
// path is refused with *NotRegularError, never followed, as well as a FIFO, a device or a
// directory. It never blocks.
func OpenOwn(path string) (*os.File, error) {
	f, err := openNoFollow(path)
	if err != nil {
		return nil, err
	}
	return checkRegular(f, path)
}

// ReadFile reads the regular file at path, up to limit bytes. A longer file gives *LimitError
// (read stops at limit+1 bytes, whatever the file claims its size is, so /proc files and files
// that grow are bounded too); anything but a regular file gives *NotRegularError.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, path, limit, sizeHint(f, limit))
}

// ReadAll reads r to its end, up to limit bytes; name is how a *LimitError calls it ("standard
// input"). Use it for a stream that is not a named file; use ReadFile for a path.
func ReadAll(r io.Reader, name string, limit int64) ([]byte, error) {
	return readAll(r, name, limit, 0)
}

func sizeHint(f *os.File, limit int64) int64 {
	st, err := f.Stat()
	if err != nil || st.Size() <= 0 || st.Size() > limit {
		return 0
	}
	return st.Size()
}

func readAll(r io.Reader, name string, limit, hint int64) ([]byte, error) {
	if hint <= 0 {
		hint = 512
	}
	buf := make([]byte, 0, hint+1) // +1 so a file of exactly hint bytes reaches EOF without growing
	lr := &io.LimitedReader{R: r, N: limit + 1}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, &LimitError{Name: name, Limit: limit}
		}
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
