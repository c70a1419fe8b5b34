//go:build !linux

package ledger

import "os"

// fileID identifies a file's content as last written, as far as this platform tells: the size
// and the modification time.
type fileID struct {
	Dev   uint64 `json:"dev"`
	Ino   uint64 `json:"ino"`
	Size  int64  `json:"size"`
	MTime int64  `json:"mtime"`
	CTime int64  `json:"ctime"`
}

func identify(f *os.File) (fileID, error) {
	fi, err := f.Stat()
	if err != nil {
		return fileID{}, err
	}
	return fileID{Size: fi.Size(), MTime: fi.ModTime().UnixNano()}, nil
}
