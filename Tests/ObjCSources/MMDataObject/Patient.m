#import "Patient.h"

@implementation Patient

- (id)init
{
    self = [super init];
    if (self) {
        // Nothing to customise: the API's keys are the property names.
        // [self setAlias:@"first_name" forPropertyName:@"name"];
    }
    return self;
}

@end
