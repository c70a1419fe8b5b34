//go:build linux

package ledger

import (
	"os"
	"syscall"
)

// fileID identifies a file's content as last written: any write, truncate or replacement changes
// it (the change time cannot be set back by a user).
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
	id := fileID{Size: fi.Size(), MTime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		id.Dev, id.Ino = uint64(st.Dev), st.Ino
		id.CTime = st.Ctim.Nano()
	}
	return id, nil
}
