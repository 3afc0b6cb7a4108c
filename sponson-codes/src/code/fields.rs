//! The table types by named fields: how generated code builds a
//! [`CodeInfo`] or an [`EnumInfo`], which are `#[non_exhaustive]` and so
//! cannot be written as literals outside this crate. The crate's own tests
//! derive their tables, as users do.
//!
//! Every field is spelled out, so a field added to the table types is a
//! compile error here and in the derive, never a silent default.

use super::{CodeInfo, CodeKind, EnumInfo, ErrorSet, ExitClass};

/// The fields of a [`CodeInfo`], by name.
#[derive(Debug, Clone, Copy)]
pub struct CodeFields {
    /// See [`CodeInfo::code`].
    pub code: &'static str,
    /// See [`CodeInfo::exit`].
    pub exit: u8,
    /// See [`CodeInfo::doc`].
    pub doc: &'static str,
    /// See [`CodeInfo::hint`].
    pub hint: Option<&'static str>,
    /// See [`CodeInfo::explain`].
    pub explain: &'static str,
    /// See [`CodeInfo::variant`].
    pub variant: &'static str,
    /// See [`CodeInfo::usage`].
    pub usage: bool,
    /// See [`CodeInfo::retired`].
    pub retired: Option<&'static str>,
    /// See [`CodeInfo::http`].
    pub http: Option<u16>,
    /// See [`CodeInfo::url`].
    pub url: Option<&'static str>,
    /// See [`CodeInfo::retryable`].
    pub retryable: Option<bool>,
    /// See [`CodeInfo::grpc`].
    pub grpc: Option<&'static str>,
    /// See [`CodeInfo::aliases`].
    pub aliases: &'static [&'static str],
    /// See [`CodeInfo::split_from`].
    pub split_from: Option<&'static str>,
    /// See [`CodeInfo::number`].
    pub number: Option<i32>,
    /// See [`CodeInfo::details`].
    pub details: &'static [&'static str],
}

impl CodeFields {
    /// The entry these fields describe.
    pub const fn build(self) -> CodeInfo {
        let CodeFields {
            code,
            exit,
            doc,
            hint,
            explain,
            variant,
            usage,
            retired,
            http,
            url,
            retryable,
            grpc,
            aliases,
            split_from,
            number,
            details,
        } = self;
        CodeInfo {
            code,
            exit,
            doc,
            hint,
            explain,
            variant,
            usage,
            retired,
            http,
            url,
            retryable,
            grpc,
            aliases,
            split_from,
            number,
            details,
        }
    }
}

/// The fields of an [`EnumInfo`], by name.
#[derive(Debug, Clone, Copy)]
pub struct EnumFields {
    /// See [`EnumInfo::name`].
    pub name: &'static str,
    /// See [`EnumInfo::path`].
    pub path: &'static str,
    /// See [`EnumInfo::module_path`].
    pub module_path: &'static str,
    /// See [`EnumInfo::crate_name`].
    pub crate_name: &'static str,
    /// See [`EnumInfo::bin`].
    pub bin: Option<&'static str>,
    /// See [`EnumInfo::explain`].
    pub explain: &'static str,
    /// See [`EnumInfo::exits`].
    pub exits: &'static [ExitClass],
    /// See [`EnumInfo::table`].
    pub table: &'static [CodeInfo],
    /// The index in `table` of the fallback code (0 for warnings).
    pub fallback: usize,
    /// See [`EnumInfo::public`].
    pub public: bool,
    /// See [`EnumInfo::non_exhaustive`].
    pub non_exhaustive: bool,
    /// See [`EnumInfo::deny_unknown`].
    pub deny_unknown: bool,
    /// See [`EnumInfo::require_explain`].
    pub require_explain: bool,
    /// See [`EnumInfo::grpc_domain`].
    pub grpc_domain: Option<&'static str>,
    /// See [`EnumInfo::sets`].
    pub sets: &'static [ErrorSet],
    /// See [`EnumInfo::compat`].
    pub compat: Option<&'static str>,
    /// See [`EnumInfo::kind`].
    pub kind: CodeKind,
}

impl EnumFields {
    /// The record these fields describe.
    pub const fn build(self) -> EnumInfo {
        let EnumFields {
            name,
            path,
            module_path,
            crate_name,
            bin,
            explain,
            exits,
            table,
            fallback,
            public,
            non_exhaustive,
            deny_unknown,
            require_explain,
            grpc_domain,
            sets,
            compat,
            kind,
        } = self;
        EnumInfo {
            name,
            path,
            module_path,
            crate_name,
            bin,
            explain,
            exits,
            table,
            fallback,
            public,
            non_exhaustive,
            deny_unknown,
            require_explain,
            grpc_domain,
            sets,
            compat,
            kind,
        }
    }
}
