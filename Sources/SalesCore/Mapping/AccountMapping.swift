import Foundation

/// The Salesforce names of the Account's health-care fields: the contract with the customer's org.
public enum AccountField {
    public static let numBeds = "texcellency__DefHC_NumBeds__c"
    public static let hospitalType = "texcellency__DefHC_Hospital_Type__c"
    public static let gpoAffiliations = "texcellency__DefHC_AffiliationsGPO__c"
    public static let hcSystemName = "texcellency__DefHC_Network_Name__c"
    public static let operatingIncome = "texcellency__DefHC_OperatingIncome__c"
    public static let currentCleanRating = "DefHC_Room_Bathroom_Clean_Rating_2014__c"
    public static let previousCleanRating = "DefHC_Room_Bathroom_Clean_Rating_2012__c"
    public static let cleanRatingNationalAvg = "DefHC_Room_Bathroom_Clean_Rate_Natnl_Avg__c"
    public static let cleanRatingStateAvg = "DefHC_Room_Bathroom_Clean_Rate_State_Avg__c"
}

/// The body of the Account `PATCH` that saves an account: the nine health-care fields, by Salesforce name.
///
/// A field the account does not have is sent as `null`, which clears it in Salesforce: the form
/// shows every field, so an empty one means the person cleared it.
///
/// ```swift
/// accountToUpdateParams(account)["texcellency__DefHC_NumBeds__c"]  // .number(240)
/// ```
public func accountToUpdateParams(_ account: Account) -> SObjectFields {
    [
        AccountField.numBeds: account.numBeds.fieldValue,
        AccountField.hospitalType: account.hospitalType.fieldValue,
        AccountField.gpoAffiliations: account.gpoAffiliations.fieldValue,
        AccountField.hcSystemName: account.hcSystemName.fieldValue,
        AccountField.operatingIncome: account.operatingIncome.fieldValue,
        AccountField.currentCleanRating: account.currentCleanRating.fieldValue,
        AccountField.previousCleanRating: account.previousCleanRating.fieldValue,
        AccountField.cleanRatingNationalAvg: account.cleanRatingNationalAvg.fieldValue,
        AccountField.cleanRatingStateAvg: account.cleanRatingStateAvg.fieldValue,
    ]
}
