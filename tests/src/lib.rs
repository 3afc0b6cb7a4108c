//! Integration, UI and fixture tests of sponson-codes; nothing to use here.
